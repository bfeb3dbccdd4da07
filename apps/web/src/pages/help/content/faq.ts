import {
  EXPORT_FORMATS,
  EXPORT_QUALITIES,
  FREE_EXPORT_MAX_QUALITY,
  MAX_UPLOAD_BYTES,
  TEMP_FILE_LIMIT_BYTES,
} from '@cinegrade/contract';
import { BUG_REPORT_EMAIL, SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE } from './contact';

/** A paragraph, or a bulleted list. */
export type AnswerBlock = string | { list: readonly string[] };

export interface FaqItem {
  id: string;
  question: string;
  answer: readonly AnswerBlock[];
}

/** What the server accepts, recognised from the file's bytes rather than its name. */
export const ACCEPTED_VIDEO = 'MP4 and MOV (H.264, HEVC, ProRes, DNxHD), WebM (VP8, VP9), AVI and MKV';
export const ACCEPTED_IMAGES = 'JPEG, PNG, WebP, TIFF, GIF, BMP, HEIC (iPhone photos) and AVIF (8- and 10-bit, HDR included)';

/** Sizes in binary units, as the limits are defined (50 MB = 50 × 1024² bytes). */
export function formatLimit(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

function listOf(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

const freeFormats = listOf(EXPORT_FORMATS.filter((f) => !f.pro).map((f) => `${f.label} (${f.codec})`));
const proFormats = listOf(EXPORT_FORMATS.filter((f) => f.pro).map((f) => `${f.label} (${f.codec})`));
const freeQuality = EXPORT_QUALITIES.find((q) => q.id === FREE_EXPORT_MAX_QUALITY)?.label ?? FREE_EXPORT_MAX_QUALITY;
const proQualities = listOf(EXPORT_QUALITIES.filter((q) => q.pro).map((q) => q.label));

/** The five questions, answered with what the product really does. */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'getting-started',
    question: 'How do I get started with Cinegrade?',
    answer: [
      `You can try the editor without an account: drop a clip or a photo of up to ${formatLimit(TEMP_FILE_LIMIT_BYTES)} on the home page. It stays in your browser for up to a day, through a reload, until you sign up; when you do, it is uploaded and kept as your first asset.`,
      {
        list: [
          'Create a free account and confirm your email address.',
          'Upload a video or an image. SOURCE shows the untouched original and PROGRAM shows your grade, side by side.',
          'Correct first: set contrast, highlights and shadows, then fix white balance with temperature. Then choose a look from Hollywood LUTs and set its strength, or run Smart Analyze for suggestions with the reason behind each.',
          `Export. Everyone can export ${freeFormats} up to ${freeQuality}; Premium adds ${proFormats} and ${proQualities}.`,
        ],
      },
      'Your look and slider values are saved on the asset as you work, so you can close the tab and pick up where you left off.',
    ],
  },
  {
    id: 'upload',
    question: 'My video will not upload. What can I do?',
    answer: [
      'We decide what a file is from its content, not its name, so renaming a file does not change whether it is accepted. These are accepted:',
      {
        list: [
          `Video: ${ACCEPTED_VIDEO}.`,
          `Images: ${ACCEPTED_IMAGES}.`,
          `Size: up to ${formatLimit(TEMP_FILE_LIMIT_BYTES)} when you try the editor without an account, and up to ${formatLimit(MAX_UPLOAD_BYTES)} per file once you are signed in.`,
        ],
      },
      'Uploads are resumable: if your connection drops, the upload continues from where it stopped instead of starting over.',
      'ProRes, HEVC, AVI, 10-bit and 4K clips above 30 fps are uploaded normally but need a moment after the upload: browsers cannot play them smoothly, so we make a lighter preview copy. The preview uses that copy; your export always reads the original.',
      'If a file is still refused, the message names what it found and what to convert it to. Check that it plays on your computer (a clip copied from a card while recording, or cut short by a full disk, often does not) and that it is not a camera raw format: export raw video (R3D, BRAW) to ProRes or DNxHD, and raw photos (CR2, CR3, NEF, ARW, DNG) to a 16-bit TIFF or a JPEG, from your camera software first. Photoshop documents, JPEG XL, SVG and PDF files are refused too: save them as PNG, TIFF or JPEG.',
    ],
  },
  {
    id: 'contact',
    question: 'How do I contact support?',
    answer: [
      `Email ${SUPPORT_EMAIL} and we answer within 2-4 hours on business days. You can also call ${SUPPORT_PHONE.display}, ${SUPPORT_HOURS}. Live chat is not available yet.`,
      'Tell us the email address of your account and the name of the asset, and for a colour question describe what you expected to see. A screenshot of SOURCE and PROGRAM side by side says more than a paragraph.',
    ],
  },
  {
    id: 'hours',
    question: 'What are your support hours?',
    answer: [
      `Phone support is open ${SUPPORT_HOURS}. Emails are answered within 2-4 hours on business days; anything sent in the evening or at the weekend is answered first thing on the next business day.`,
      'Premium and Enterprise subscribers also get 24/7 emergency support by email, for problems that stop a delivery, such as an export that keeps failing before a deadline.',
    ],
  },
  {
    id: 'bug',
    question: 'How do I report a bug?',
    answer: [
      `Email ${BUG_REPORT_EMAIL}. A report we can act on quickly has:`,
      {
        list: [
          'What you did, what you expected and what happened instead.',
          'Your browser and its version, and your operating system.',
          'For a media problem: the container, codec, resolution and frame rate of the file (your camera or editing software shows them).',
          'The request id, when the error message shows one. It points us to the exact failure in our server logs.',
          'For a colour problem: the look, its strength and your slider values, and a screenshot of SOURCE and PROGRAM.',
        ],
      },
    ],
  },
];
