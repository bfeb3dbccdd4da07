import { useRef } from 'react';
import { useUploadActions } from './uploads';
import { UPLOAD_ACCEPT } from './DropZone';

/** The header's Upload button (signed in): a file picker for video and images. */
export function HeaderUploadButton() {
  const { uploadFiles } = useUploadActions();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="btn" onClick={() => input.current?.click()}>
        <span aria-hidden>⇪</span>
        <span className="header-label">Upload</span>
      </button>
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT}
        multiple
        hidden
        data-testid="header-upload-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) uploadFiles(files);
        }}
      />
    </>
  );
}
