import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, TEMP_FILE_LIMIT_BYTES } from '@cinegrade/contract';
import { BUG_REPORT_EMAIL, CONTACT_CHANNELS, SUPPORT_EMAIL, SUPPORT_HOURS } from './contact';
import { FAQ_ITEMS, formatLimit, type FaqItem } from './faq';

function text(item: FaqItem): string {
  return item.answer.map((block) => (typeof block === 'string' ? block : block.list.join('\n'))).join('\n');
}

function answer(id: string): string {
  const item = FAQ_ITEMS.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`no FAQ item ${id}`);
  return text(item);
}

describe('FAQ_ITEMS', () => {
  it('has the five questions, each once', () => {
    expect(FAQ_ITEMS.map((item) => item.id)).toEqual(['getting-started', 'upload', 'contact', 'hours', 'bug']);
  });

  it('names the formats the server accepts and the limits of the contract', () => {
    const upload = answer('upload');
    for (const format of ['MP4', 'MOV', 'AVI', 'ProRes', 'DNxHD', 'WebM', 'MKV', 'JPEG', 'PNG', 'TIFF']) expect(upload).toContain(format);
    expect(upload).toContain(formatLimit(TEMP_FILE_LIMIT_BYTES));
    expect(upload).toContain(formatLimit(MAX_UPLOAD_BYTES));
  });

  it('gives the support address, hours and 24/7 emergency support for subscribers', () => {
    expect(answer('contact')).toContain(SUPPORT_EMAIL);
    expect(answer('hours')).toContain(SUPPORT_HOURS);
    expect(answer('hours')).toContain('24/7');
    expect(answer('hours')).toContain('Premium');
  });

  it('sends bug reports to the bug address and asks for the request id', () => {
    expect(answer('bug')).toContain(BUG_REPORT_EMAIL);
    expect(answer('bug')).toContain('request id');
  });
});

describe('CONTACT_CHANNELS', () => {
  it('has email and phone with their response times, and no live chat, which does not exist', () => {
    expect(CONTACT_CHANNELS.map((channel) => [channel.id, channel.response])).toEqual([
      ['email', 'Response in 2-4 hours on business days'],
      ['phone', 'Mon-Fri 9AM-6PM PST'],
    ]);
  });
});

describe('formatLimit', () => {
  it('writes the contract limits in binary units', () => {
    expect(formatLimit(TEMP_FILE_LIMIT_BYTES)).toBe('50 MB');
    expect(formatLimit(MAX_UPLOAD_BYTES)).toBe('20 GB');
    expect(formatLimit(1536)).toBe('1.5 KB');
    expect(formatLimit(0)).toBe('0 bytes');
  });
});
