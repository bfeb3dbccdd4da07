import { useEffect, useRef, useState, type FormEvent } from 'react';
import { gradeFromSavedGrade, type GradeVersion } from '@cinegrade/contract';
import { ApiError } from '../../api/client';
import { gradeStore, useGradeState } from '../grade-store';
import { editorView } from '../layout/editor-view-store';
import { downloadTextFile } from '../panels/lut-download';
import { CDL_FILE_TYPES, cdlFileOfGrade, wheelsFromCdlFile } from './cdl-interchange';
import { nextVersionName, useGradeVersions } from './grade-versions';
import { useVersionCompare, versionCompare } from './version-compare';
import './versions.css';

type Notice = { tone: 'status' | 'alert'; text: string } | null;

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/**
 * The editor's "Versions" menu (docs/product-rules.md, 'Grade versions'): save the current grade as
 * a named version of the asset, load one into the editor, compare one with the current grade in
 * the split wipe, rename or delete one; and ASC CDL interchange of the colour wheels.
 */
export function VersionsMenu({ assetName, disabled }: { assetName: string | null; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <div className="versions-anchor">
      <button type="button" className="btn btn-sm" aria-expanded={open} disabled={disabled} onClick={() => setOpen((was) => !was)} title="Grade versions, and CDL import and export">
        Versions
      </button>
      {open && !disabled && (
        <div className="versions-menu" role="dialog" aria-label="Versions and interchange" ref={panel}>
          <VersionsContent assetName={assetName ?? 'Cinegrade grade'} />
        </div>
      )}
    </div>
  );
}

function VersionsContent({ assetName }: { assetName: string }) {
  const { assetId, grade } = useGradeState();
  const [notice, setNotice] = useState<Notice>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const importCdl = async (file: File) => {
    const result = wheelsFromCdlFile(await file.text(), file.name);
    if (!result.ok) {
      setNotice({ tone: 'alert', text: result.message });
      return;
    }
    gradeStore.change((current) => ({ ...current, wheels: result.wheels }));
    setNotice({ tone: 'status', text: result.note });
  };
  const exportCdl = () => {
    const { fileName, text } = cdlFileOfGrade(grade, assetName);
    downloadTextFile(fileName, text);
    setNotice({ tone: 'status', text: `Downloaded ${fileName}: the colour wheels as an ASC CDL.` });
  };

  return (
    <>
      {assetId !== null ? (
        <VersionList assetId={assetId} onNotice={setNotice} />
      ) : (
        <p className="versions-empty">Sign in and open a saved asset to keep versions of its grade.</p>
      )}
      <section className="versions-section" aria-label="Interchange">
        <h3 className="versions-heading">Interchange (ASC CDL)</h3>
        <div className="versions-row">
          <button type="button" className="btn btn-sm" onClick={() => fileInput.current?.click()} title="Set the colour wheels from a .cdl, .cc or .ccc file">
            Import CDL…
          </button>
          <button type="button" className="btn btn-sm" onClick={exportCdl} title="Download the colour wheels as a .cdl file (looks, sliders and curves are not part of a CDL)">
            Export CDL
          </button>
          <input
            ref={fileInput}
            type="file"
            accept={CDL_FILE_TYPES}
            hidden
            data-testid="cdl-file-input"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void importCdl(file);
            }}
          />
        </div>
      </section>
      {notice && (
        <p className={`versions-notice versions-notice-${notice.tone}`} role={notice.tone}>
          {notice.text}
        </p>
      )}
    </>
  );
}

function VersionList({ assetId, onNotice }: { assetId: string; onNotice: (notice: Notice) => void }) {
  const { grade } = useGradeState();
  const { versions, loading, error, save, rename, remove } = useGradeVersions(assetId);
  const compared = useVersionCompare(assetId);
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const chosen = name.trim() || nextVersionName(versions);
    save.mutate(
      { name: chosen, grade },
      {
        onSuccess: (version) => {
          setName('');
          onNotice({ tone: 'status', text: `Saved the current grade as "${version.name}".` });
        },
        onError: (failure) => onNotice({ tone: 'alert', text: errorText(failure, 'The version could not be saved.') }),
      },
    );
  };
  const load = (version: GradeVersion) => {
    const parsed = gradeFromSavedGrade(version);
    if (!parsed.ok) {
      onNotice({ tone: 'alert', text: `"${version.name}" cannot be loaded: ${parsed.message}` });
      return;
    }
    gradeStore.change(parsed.grade);
    onNotice({ tone: 'status', text: `Loaded "${version.name}". Undo goes back to the grade you had.` });
  };
  const toggleCompare = (version: GradeVersion) => {
    if (compared?.versionId === version.id) {
      versionCompare.set(null);
      return;
    }
    const parsed = gradeFromSavedGrade(version);
    if (!parsed.ok) {
      onNotice({ tone: 'alert', text: `"${version.name}" cannot be shown: ${parsed.message}` });
      return;
    }
    versionCompare.set({ assetId, versionId: version.id, name: version.name, grade: parsed.grade });
    editorView.setCompareMode('split');
  };
  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    if (!renaming) return;
    rename.mutate(
      { versionId: renaming.id, name: renaming.name },
      {
        onSuccess: (version) => {
          setRenaming(null);
          if (compared?.versionId === version.id) versionCompare.set({ ...compared, name: version.name });
        },
        onError: (failure) => onNotice({ tone: 'alert', text: errorText(failure, 'The version could not be renamed.') }),
      },
    );
  };
  const confirmDelete = (version: GradeVersion) => {
    remove.mutate(version.id, {
      onSuccess: () => {
        setDeleting(null);
        if (compared?.versionId === version.id) versionCompare.set(null);
        onNotice({ tone: 'status', text: `Deleted "${version.name}".` });
      },
      onError: (failure) => onNotice({ tone: 'alert', text: errorText(failure, 'The version could not be deleted.') }),
    });
  };

  return (
    <section className="versions-section" aria-label="Grade versions">
      <h3 className="versions-heading">Versions</h3>
      <form className="versions-row" onSubmit={onSave}>
        <input className="input" aria-label="Version name" placeholder={nextVersionName(versions)} value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
        <button type="submit" className="btn btn-sm btn-primary" disabled={save.isPending || loading}>
          Save version
        </button>
      </form>
      {loading && <p className="versions-empty">Loading versions…</p>}
      {error && <p role="alert">{errorText(error, 'The versions could not be loaded.')}</p>}
      {!loading && !error && versions.length === 0 && <p className="versions-empty">No versions yet. Save the current grade to come back to it or compare with it.</p>}
      {versions.length > 0 && (
        <ul className="versions-list" aria-label="Saved versions">
          {versions.map((version) => (
            <li key={version.id} className="versions-item">
              {renaming?.id === version.id ? (
                <form className="versions-row" onSubmit={submitRename}>
                  <input className="input" aria-label={`New name for ${version.name}`} value={renaming.name} maxLength={80} autoFocus onChange={(event) => setRenaming({ id: version.id, name: event.target.value })} />
                  <button type="submit" className="btn btn-sm">
                    OK
                  </button>
                  <button type="button" className="btn btn-sm" onClick={() => setRenaming(null)}>
                    Cancel
                  </button>
                </form>
              ) : (
                <span className="versions-name" title={version.name}>
                  {version.name}
                </span>
              )}
              {renaming?.id !== version.id && (
                <div className="versions-actions" role="group" aria-label={version.name}>
                  <button type="button" className="btn btn-sm" onClick={() => load(version)} title="Load this version into the editor (undo goes back)">
                    Load
                  </button>
                  <button type="button" className="btn btn-sm" aria-pressed={compared?.versionId === version.id} onClick={() => toggleCompare(version)} title="Split wipe: this version left of the divider, the current grade right">
                    Compare
                  </button>
                  <button type="button" className="btn btn-sm" onClick={() => setRenaming({ id: version.id, name: version.name })}>
                    Rename
                  </button>
                  {deleting === version.id ? (
                    <button type="button" className="btn btn-sm btn-danger" onClick={() => confirmDelete(version)}>
                      Confirm delete
                    </button>
                  ) : (
                    <button type="button" className="btn btn-sm" onClick={() => setDeleting(version.id)}>
                      Delete
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {versions.length > 1 && <p className="versions-empty">To compare two versions, press Compare on one and Load on the other.</p>}
    </section>
  );
}
