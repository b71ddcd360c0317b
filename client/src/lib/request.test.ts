import { describe, expect, it } from 'vitest';
import { errorTextOf, failureReason, fileProgress, RequestError } from './request';

describe('the request helper (spec §7, §8)', () => {
  it('takes the error text from the message field, else the raw body, else the status', () => {
    expect(errorTextOf(415, { success: false, message: 'Invalid file types: x.exe' })).toBe('Invalid file types: x.exe');
    expect(errorTextOf(502, 'Bad gateway from the proxy')).toBe('Bad gateway from the proxy');
    expect(errorTextOf(500, { message: '  ' })).toBe('HTTP 500');
    expect(errorTextOf(404, null)).toBe('HTTP 404');
  });

  it('falls back to the screen\'s words when no answer came', () => {
    expect(failureReason(new RequestError(0, null, ''), 'Upload failed')).toBe('Upload failed');
    expect(failureReason(new RequestError(413, null, 'Too big'), 'Upload failed')).toBe('Too big');
    expect(failureReason(new Error('boom'), 'Upload failed')).toBe('Upload failed');
  });

  it('shares the bytes sent among the files in the order they travel', () => {
    // 100 bytes of framing on top of 300 bytes of files: a quarter of the request is 75 file bytes.
    expect(fileProgress(100, 400, [100, 200])).toEqual([0.75, 0]);
    expect(fileProgress(200, 400, [100, 200])).toEqual([1, 0.25]);
    expect(fileProgress(400, 400, [100, 200])).toEqual([1, 1]);
    expect(fileProgress(0, 400, [100, 0, 200])).toEqual([0, 0, 0]);
    expect(fileProgress(200, 400, [100, 0, 200])).toEqual([1, 1, 0.25]);
    expect(fileProgress(5, 0, [10])).toEqual([0]);
  });
});
