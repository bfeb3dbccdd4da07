import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { getLook, isLookId, looksInCatalogue, type LookId } from '@cinegrade/color';
import { withoutParam } from '../../app/search-params';
import { useAuth } from '../../auth/AuthProvider';
import { toast } from '../../ui/toast-store';
import { useOpenMedia } from '../../workspace/open-media';
import { chooseLook, useCanUsePremiumLooks } from './look-access';
import { mediaKey } from './media-key';
import { useLoadedMediaKey } from './use-grade-autosave';

const EDITOR_LOOKS = new Set<string>(looksInCatalogue('editor').map((look) => look.id));

function isEditorLook(value: string): value is LookId {
  return isLookId(value) && EDITOR_LOOKS.has(value);
}

/**
 * `/?look=<id>` (the Film Color Analysis page's 'Open in Editor'): with media open, the look is
 * applied to it once its grade has loaded — premium looks refused to Free as anywhere else — and
 * the parameter is removed. With nothing open, the parameter stays until something is, and the
 * person is told to open a clip or photo. Used on `/`, whatever it shows.
 */
export function useLookQuery(): void {
  const [params, setParams] = useSearchParams();
  const requested = params.get('look');
  const { loading, user } = useAuth();
  const media = useOpenMedia();
  const canUsePremium = useCanUsePremiumLooks();
  const loadedKey = useLoadedMediaKey();
  const key = mediaKey(media);
  const toldWithoutMedia = useRef<string | null>(null);

  useEffect(() => {
    if (requested === null || loading) return;
    const removeParameter = () => setParams(withoutParam('look'), { replace: true });
    if (!isEditorLook(requested)) {
      toast({ title: 'Look not found', description: `"${requested}" is not a look of the editor catalogue.`, variant: 'destructive' });
      removeParameter();
      return;
    }
    if (!media) {
      if (toldWithoutMedia.current === requested) return;
      toldWithoutMedia.current = requested;
      toast({
        title: `${getLook(requested).name} is ready`,
        description: user ? 'Open a clip or photo from My Assets, or upload one, to apply this look.' : 'Open a clip or photo to apply this look.',
      });
      return;
    }
    // Wait until the open media's own grade is in the store, or loading it would undo the look.
    if (loadedKey !== key) return;
    chooseLook(requested, canUsePremium);
    removeParameter();
  }, [requested, loading, user, media, key, loadedKey, canUsePremium, setParams]);
}
