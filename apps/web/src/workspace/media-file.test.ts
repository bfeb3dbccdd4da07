import { MESSAGES } from '@cinegrade/contract';
import { describe, expect, it } from 'vitest';
import { isMediaFile, notMediaReason } from './media-file';

describe('isMediaFile and notMediaReason', () => {
  it('sends video, images (HEIC and PSD included, for the server to judge) and typeless files', () => {
    for (const type of ['video/mp4', 'image/heic', 'image/avif', 'image/vnd.adobe.photoshop', '']) expect(isMediaFile(new File(['x'], 'f', { type }))).toBe(true);
    expect(isMediaFile(new File(['x'], 'page.pdf', { type: 'application/pdf' }))).toBe(false);
  });

  it('names a PDF and what to convert it to, as the server would; anything else gets the general reason', () => {
    expect(notMediaReason(new File(['x'], 'page.pdf', { type: 'application/pdf' }), 'general')).toBe(MESSAGES.pdfRefused);
    expect(notMediaReason(new File(['x'], 'notes.txt', { type: 'text/plain' }), 'general')).toBe('general');
  });
});
