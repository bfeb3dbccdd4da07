import { useRef, useState, type DragEvent, type ReactNode } from 'react';

/** A drag-and-drop area that also opens the file picker (video and image files). */
export function DropZone(props: { onFiles: (files: File[]) => void; multiple?: boolean; title: string; hint?: ReactNode; testId?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) props.onFiles(props.multiple ? files : files.slice(0, 1));
  };
  return (
    <div
      className={`drop-zone${over ? ' drop-zone-over' : ''}`}
      role="button"
      tabIndex={0}
      aria-label={props.title}
      data-testid={props.testId}
      onClick={() => input.current?.click()}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          input.current?.click();
        }
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <div className="drop-zone-icon" aria-hidden>
        ⇪
      </div>
      <strong>{props.title}</strong>
      <span className="muted">Drag &amp; drop or click to browse</span>
      {props.hint}
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT}
        multiple={props.multiple}
        hidden
        data-testid={props.testId ? `${props.testId}-input` : undefined}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) props.onFiles(files);
        }}
      />
    </div>
  );
}

/**
 * What the file pickers offer: every video and image type, plus extensions operating systems often
 * give no such type (MXF, MKV, AVCHD, and iPhone HEIC and AVIF photos). The server decides from the bytes.
 */
export const UPLOAD_ACCEPT = 'video/*,image/*,.mxf,.mkv,.mts,.m2ts,.heic,.heif,.avif';

export function MediaHints() {
  return (
    <div className="media-hints">
      <span className="badge">Video: MP4, MOV, ProRes, WebM, AVI, MKV</span>
      <span className="badge">Image: JPEG, PNG, WebP, TIFF, HEIC, AVIF</span>
    </div>
  );
}
