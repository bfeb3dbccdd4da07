/**
 * Export formats and qualities (spec part 1 §3) and the Free tier's cap: 720p in mp4 or webm
 * (DESIGN.md §6). The export menu, the server's refusal and the plans page all read these.
 */
export const EXPORT_FORMATS = [
  { id: 'mp4', label: 'MP4', codec: 'H.264', pro: false },
  { id: 'webm', label: 'WebM', codec: 'VP9', pro: false },
  { id: 'mov', label: 'MOV', codec: 'ProRes 422 HQ', pro: true },
  { id: 'avi', label: 'AVI', codec: 'Uncompressed', pro: true },
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number]['id'];

export const EXPORT_QUALITIES = [
  { id: '720p', label: '720p', height: 720, sizeHint: 'about 50MB', pro: false },
  { id: '1080p', label: '1080p', height: 1080, sizeHint: 'about 100MB', pro: true },
  { id: '2k', label: '2K', height: 1440, sizeHint: 'about 200MB', pro: true },
  { id: '4k', label: '4K', height: 2160, sizeHint: 'about 400MB', pro: true },
  { id: '8k', label: '8K', height: 4320, sizeHint: 'about 800MB', pro: true },
  { id: '16k', label: '16K', height: 8640, sizeHint: 'about 1.6GB', pro: true },
] as const;
export type ExportQuality = (typeof EXPORT_QUALITIES)[number]['id'];

export const FREE_EXPORT_FORMATS: readonly ExportFormat[] = EXPORT_FORMATS.filter((f) => !f.pro).map((f) => f.id);
export const FREE_EXPORT_MAX_QUALITY: ExportQuality = '720p';
