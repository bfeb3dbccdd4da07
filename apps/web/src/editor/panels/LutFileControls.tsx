import { Popover } from 'radix-ui';
import { useRef, useState } from 'react';
import { getLook, lutFormatOfFileName, type Lut3D } from '@cinegrade/color';
import { handleError } from '../../ui/handle-error';
import { Select } from '../../ui/primitives';
import { toast } from '../../ui/toast-store';
import { useOpenMedia } from '../../workspace/open-media';
import { gradeStore } from '../grade-store';
import { useFetchLutTable } from '../user-lut-tables';
import { CubeFileError, lutNameFromFileName, useImportUserLut, useUserLuts, userLutName } from '../user-luts';
import { CDL_FILE_TYPES, wheelsFromCdlFile } from '../versions/cdl-interchange';
import { chooseImportedLut } from './look-access';
import { DOWNLOAD_LUT_SIZES, downloadTextFile, gradeCube, type DownloadLutSize } from './lut-download';

/**
 * Imports a `.cube`, `.3dl` or `.csp` chosen by the person and applies it; answers when it is done
 * (or refused). An ASC CDL (`.cc`, `.ccc`, `.cdl`) is not a table: it sets the colour wheels, which
 * are a CDL, exactly as the Versions menu's Import CDL does.
 */
function useImportCubeFile(): (file: File) => Promise<void> {
  const { mutateAsync } = useImportUserLut();
  return async (file) => {
    if (/\.(cc|ccc|cdl)$/i.test(file.name)) {
      const result = wheelsFromCdlFile(await file.text(), file.name);
      if (result.ok) gradeStore.change((current) => ({ ...current, wheels: result.wheels }));
      toast(result.ok ? { title: 'CDL applied', description: result.note, variant: 'success' } : { title: 'Invalid CDL file', description: result.message, variant: 'destructive' });
      return;
    }
    try {
      const lut = await mutateAsync({ name: lutNameFromFileName(file.name), text: await file.text(), format: lutFormatOfFileName(file.name) ?? 'cube' });
      chooseImportedLut(lut.id);
      const warnings = lut.warnings ?? [];
      toast({
        title: 'LUT imported',
        description: warnings.length > 0 ? `"${lut.name}" is in My LUTs. Notes on the file: ${warnings.join('; ')}` : `"${lut.name}" is in My LUTs and applied.`,
        variant: 'success',
      });
    } catch (error) {
      if (error instanceof CubeFileError) toast({ title: `Invalid ${error.formatName} file`, description: error.message, variant: 'destructive' });
      else handleError(error, 'Import failed', 'The LUT could not be imported.');
    }
  };
}

/**
 * The `.cube` files of the Hollywood LUTs area in one small menu, so they take no room from the
 * catalogue: the LUT size and Download (the current grade as a `.cube`), and Import (a `.cube`
 * as a personal look, ".cube in and out", which lands in My LUTs; signed-in only). The file
 * input stays mounted while the menu is closed, so an import finishes after the menu goes.
 */
export function LutFilesMenu({ canImport }: { canImport: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const importCubeFile = useImportCubeFile();
  const download = useDownloadCube();
  const [size, setSize] = useState<DownloadLutSize>(33);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={`.cube,.3dl,.csp,${CDL_FILE_TYPES}`}
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
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger className="btn btn-sm lut-files-trigger" title="Download the grade as a .cube, or import one">
          {busy ? 'Importing...' : '.cube files'} <span aria-hidden>▾</span>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content className="menu-content lut-files" side="top" align="end" sideOffset={6} aria-label=".cube files">
            <div className="lut-files-row">
              <Select<`${DownloadLutSize}`>
                label="LUT size"
                value={`${size}`}
                options={DOWNLOAD_LUT_SIZES.map((s) => ({ value: `${s}`, label: `${s}-point` }))}
                onValueChange={(value) => setSize(Number(value) as DownloadLutSize)}
              />
              <button type="button" className="btn btn-sm" title="The current grade as a .cube LUT for other grading tools" onClick={() => void download(size)}>
                Download .cube
              </button>
            </div>
            {canImport ? (
              <button
                type="button"
                className="btn btn-sm"
                disabled={busy}
                title="Import a LUT as a personal look: .cube (with Resolve shaper files), .3dl (Lustre/Flame) or .csp (cineSpace); an ASC CDL (.cc, .ccc, .cdl) sets the colour wheels"
                onClick={() => {
                  input.current?.click();
                  setOpen(false);
                }}
              >
                Import .cube
              </button>
            ) : (
              <p className="small faint">Sign in to import your own .cube LUTs.</p>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </>
  );
}

/** Downloads the current grade as a `.cube` of the given size. */
function useDownloadCube(): (size: DownloadLutSize) => Promise<void> {
  const media = useOpenMedia();
  const { luts } = useUserLuts();
  const fetchLutTable = useFetchLutTable();
  return async (size) => {
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
}
