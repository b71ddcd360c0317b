import { describe, expect, it } from 'vitest';
import { describeSpeed, formatTimeLeft, SpeedMeter } from './upload-speed';

describe('the speed and time left of an upload', () => {
  it('says them as a person reads them', () => {
    expect(describeSpeed(2.4 * 1024 * 1024, 2.4 * 1024 * 1024 * 80)).toBe('2.4 MB/s · 1 min 20 s left');
    expect(describeSpeed(512 * 1024, 1024 * 1024)).toBe('512.0 KB/s · 2 s left');
    expect(describeSpeed(null, 100)).toBeNull();
    expect(describeSpeed(0, 100)).toBeNull();
    expect(formatTimeLeft(0.2)).toBe('1 s');
    expect(formatTimeLeft(7500)).toBe('2 h 5 min');
  });

  it('measures over the last seconds only, and starts afresh after a pause', () => {
    const meter = new SpeedMeter();
    meter.add(0, 0);
    expect(meter.bytesPerSecond()).toBeNull();
    meter.add(1000, 10_000_000);
    meter.add(7000, 10_000_000 + 6000);
    meter.add(8000, 10_000_000 + 7000);
    // The first burst has left the window: 1 KB/s now.
    expect(meter.bytesPerSecond()).toBeCloseTo(1000);
    meter.reset();
    expect(meter.bytesPerSecond()).toBeNull();
  });
});
