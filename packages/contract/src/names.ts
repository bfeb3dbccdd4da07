/**
 * Characters that change how a name reads without being part of it: C0 and C1 controls and DEL,
 * the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the
 * direction marks (U+200E, U+200F, U+061C), and the invisible ones that make two names look the
 * same: zero-width space (U+200B), word joiner and invisible operators (U+2060–U+2064), the
 * byte-order mark (U+FEFF) and the Mongolian vowel separator (U+180E). A right-to-left override
 * in `clip\u202Egpj.exe` shows it as `clipexe.jpg`; no name shown or downloaded keeps one. The
 * zero-width joiner and non-joiner (U+200C, U+200D) stay between two visible characters, where
 * emoji sequences and Persian or Indic words need them, and go anywhere else.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
/** A joiner with nothing visible on one side of it (the start or end, a space, or another joiner). */
const STRAY_JOINERS = /(?<=^|[\s\u200c\u200d])[\u200c\u200d]+|[\u200c\u200d]+(?=$|\s)/gu;

/** The name without characters that could disguise it (see above). */
export function stripUnsafeNameCharacters(name: string): string {
  return name.replace(UNSAFE_NAME_CHARACTERS, '').replace(STRAY_JOINERS, '');
}

/**
 * Windows' reserved device names: a file whose name, up to its first dot, is one of these opens
 * the device instead (`nul.txt-film-noir.mp4` is NUL), whatever the extension and case, and with
 * trailing spaces ignored; the superscript digits count too.
 */
const RESERVED_DEVICE_NAME = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])$/i;

/**
 * A file name every common file system takes as it is (Windows, macOS, Linux, and ZIP readers on
 * each): no disguising or invisible characters (above), no path separators or characters Windows
 * refuses (`\\ / : * ? " < > |`, each becoming `_`), no leading dot (hidden on Unix) and no
 * trailing dot or space (dropped by Windows), never a reserved device name (prefixed with `_`),
 * and at most `maxLength` characters with the extension kept. An empty result becomes `fallback`.
 */
export function safeFileName(name: string, options: { maxLength?: number; fallback?: string } = {}): string {
  const maxLength = options.maxLength ?? 150;
  const cleaned = stripUnsafeNameCharacters(name)
    .replace(/[/\\:*?"<>|]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '');
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  let base = extension ? cleaned.slice(0, -extension.length) : cleaned;
  if (base === '') base = options.fallback ?? 'file';
  const firstPart = base.split('.')[0]?.trimEnd() ?? '';
  if (RESERVED_DEVICE_NAME.test(firstPart)) base = `_${base}`;
  base = Array.from(base).slice(0, Math.max(1, maxLength - extension.length)).join('').replace(/[. ]+$/, '');
  return `${base}${extension}`;
}
