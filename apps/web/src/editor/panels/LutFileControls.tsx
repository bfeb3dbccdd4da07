import { useRef, useState, type ReactNode } from 'react';
import { getLook, type Lut3D } from '@cinegrade/color';
import { handleError } from '../../ui/handle-error';
import { Select } from '../../ui/primitives';
import { toast } from '../../ui/toast-store';
import { useOpenMedia } from '../../workspace/open-media';
import { gradeStore } from '../grade-store';
import { fetchLutTable } from '../user-lut-tables';
import { CubeFileError, lutNameFromFileName, useImportUserLut, useUserLuts, userLutName } from '../user-luts';
import { chooseImportedLut } from './look-access';
import { DOWNLOAD_LUT_SIZES, downloadTextFile, gradeCube, type DownloadLutSize } from './lut-download';

/** Imports a `.cube` chosen by the person and applies it; answers when it is done (or refused). */
function useImportCubeFile(): (file: File) => Promise<void> {
  const { mutateAsync } = useImportUserLut();
  return async (file) => {
    try {
      const lut = await mutateAsync({ name: lutNameFromFileName(file.name), text: await file.text() });
      chooseImportedLut(lut.id);
      const warnings = lut.warnings ?? [];
      toast({
        title: 'LUT imported',
        description: warnings.length > 0 ? `"${lut.name}" is in My LUTs. Not used from the file: ${warnings.join('; ')}` : `"${lut.name}" is in My LUTs and applied.`,
        variant: 'success',
      });
    } catch (error) {
      if (error instanceof CubeFileError) toast({ title: 'Invalid .cube file', description: error.message, variant: 'destructive' });
      else handleError(error, 'Import failed', 'The LUT could not be imported.');
    }
  };
}

/** Import a `.cube` as a personal look (".cube in and out"); it lands in My LUTs. */
export function LutImportButton() {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const importCubeFile = useImportCubeFile();
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".cube"
        hidden
        data-testid="cube-import-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          setBusy(true);
          void importCubeFile(file).finally(() => setBusy(false));
        }}
      />
      <button type="button" className="btn btn-sm" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? 'Importing...' : 'Import .cube'}
      </button>
    </>
  );
}

/** Download the current grade as a `.cube` of the chosen size; `children` (the import) after it. */
export function LutDownloadControls({ children }: { children?: ReactNode }) {
  const media = useOpenMedia();
  const { luts } = useUserLuts();
  const [size, setSize] = useState<DownloadLutSize>(33);

  const download = async () => {
    const { grade } = gradeStore.getState();
    let customLut: Lut3D | undefined;
    if (grade.customLook !== null) {
      customLut = (await fetchLutTable(grade.customLook).catch(() => null)) ?? undefined;
      if (!customLut) {
        toast({ title: 'Download failed', description: 'The imported LUT of this grade could not be loaded. Try again in a moment.', variant: 'destructive' });
        return;
      }
    }
    const look = grade.look !== null ? getLook(grade.look).name : grade.customLook !== null ? (userLutName(luts, grade.customLook) ?? 'Imported LUT') : 'No look';
    const file = gradeCube(grade, size, { asset: media?.name ?? 'Cinegrade', look }, customLut);
    downloadTextFile(file.fileName, file.text);
  };

  return (
    <div className="lut-files">
      <Select<`${DownloadLutSize}`>
        label="LUT size"
        value={`${size}`}
        options={DOWNLOAD_LUT_SIZES.map((s) => ({ value: `${s}`, label: `${s}-point` }))}
        onValueChange={(value) => setSize(Number(value) as DownloadLutSize)}
      />
      <button type="button" className="btn btn-sm" title="The current grade as a .cube LUT for other grading tools" onClick={() => void download()}>
        Download .cube
      </button>
      {children}
    </div>
  );
}
