import { TEMP_FILE_LIMIT_BYTES } from '@cinegrade/contract';
import { useAuth } from '../auth/AuthProvider';
import { EditorScreen } from '../editor/EditorScreen';
import { AssetsToggle } from '../editor/layout/AssetsArea';
import { BatchArea } from '../editor/batch/BatchArea';
import { useEditorView } from '../editor/layout/editor-view-store';
import { useLookQuery } from '../editor/panels';
import { Spinner, usePageTitle } from '../ui/primitives';
import { DropZone, MediaHints } from '../workspace/DropZone';
import { MyAssetsPanel } from '../workspace/MyAssetsPanel';
import { SignUpBanner } from '../workspace/SignUpBanner';
import { useOpenMedia, useOpenMediaActions, useOpeningAsset } from '../workspace/open-media';
import { useTrialFile } from '../workspace/trial-file-context';
import { useTrialRestoring } from '../workspace/trial-restore';
import { useUploadActions } from '../workspace/uploads';
import { usePaymentQuery } from './payment-query';

const FEATURES = [
  {
    title: 'Hollywood LUTs',
    text: 'Cinema, film emulation and social looks built from real grading operations, with a strength control.',
    swatch: 'linear-gradient(90deg, #1f5f6e, #3d7f86 45%, #d98d4a)',
  },
  {
    title: 'Smart Auto Grade',
    text: 'Smart Analyze measures exposure, colour cast and skin tones, then explains which looks fit and why.',
    swatch: 'linear-gradient(90deg, #3a3f58, #7c7f8f 50%, #c9b79a)',
  },
  {
    title: 'Pro Export',
    text: 'Export exactly what you see: MP4 and WebM for everyone, ProRes and uncompressed up to 16K for Premium.',
    swatch: 'linear-gradient(90deg, #202020, #6a6a6a 50%, #e6e6e6)',
  },
] as const;

/** `/`: landing page signed out; the workspace signed in; the editor with media. */
export function HomeScreen() {
  const { user, loading } = useAuth();
  const media = useOpenMedia();
  const { openTrialFile, closeMedia } = useOpenMediaActions();
  const { uploadFiles } = useUploadActions();
  const restoring = useTrialRestoring();
  const opening = useOpeningAsset();
  const { loading: trialLoading } = useTrialFile();
  const assetsArea = useEditorView((view) => view.assetsArea);
  usePageTitle(media?.name ?? '');
  usePaymentQuery();
  useLookQuery();
  if (loading) return <Spinner />;
  if (restoring && !media) return <Spinner label="Restoring your file..." />;
  if (opening && !media) return <Spinner label="Opening your asset..." />;

  if (!user) {
    // A trial file kept before a reload is being read from the browser's storage.
    if (trialLoading && !media) return <Spinner />;
    if (media) {
      return (
        <div className="workspace workspace-editor">
          <SignUpBanner />
          <EditorScreen media={media} restoring={restoring} onClose={closeMedia} />
        </div>
      );
    }
    return (
      <div className="page">
        <section className="hero">
          <h1>Professional colour grading in your browser</h1>
          <p>Upload a clip or a photo, compare SOURCE and PROGRAM side by side, pick a cinema look and export exactly what you saw.</p>
        </section>
        <div className="landing-drop">
          <DropZone
            title="Try it with a video or an image"
            testId="landing-drop"
            onFiles={([file]) => file && openTrialFile(file)}
            hint={<span className="faint small">No account needed for one file up to {TEMP_FILE_LIMIT_BYTES / (1024 * 1024)} MB.</span>}
          />
        </div>
        <div className="grid-3" style={{ marginTop: 24 }}>
          {FEATURES.map((feature) => (
            <section key={feature.title} className="card feature-card">
              <div className="feature-swatch" style={{ background: feature.swatch }} aria-hidden />
              <h3>{feature.title}</h3>
              <p className="muted">{feature.text}</p>
            </section>
          ))}
        </div>
      </div>
    );
  }

  if (media) {
    return (
      <div className="workspace workspace-editor">
        <EditorScreen media={media} restoring={restoring} onClose={closeMedia} />
      </div>
    );
  }

  return (
    <div className="workspace workspace-split">
      <div className="workspace-main">
        <div className="start-project">
          <h1>Start Your Project</h1>
          <p className="muted">Upload a video or an image to start grading. Your uploads are kept in My Assets.</p>
          <DropZone title="Upload media" testId="workspace-drop" multiple onFiles={uploadFiles} hint={<MediaHints />} />
        </div>
      </div>
      <aside className="workspace-side">
        <AssetsToggle />
        {assetsArea === 'batch' ? <BatchArea /> : <MyAssetsPanel />}
      </aside>
    </div>
  );
}
