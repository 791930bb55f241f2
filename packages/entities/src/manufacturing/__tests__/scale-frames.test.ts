import { describe, expect, it } from 'vitest';
import { convertWeight, parseFrame, ScaleStream } from '../scale-frames.ts';

describe('scale frame parser', () => {
  it('reads Toledo-style continuous frames with their stability flag', () => {
    expect(parseFrame('ST,GS,+  12.345kg')).toEqual({ weight: '12.345', unit: 'kg', stable: true });
    expect(parseFrame('US,GS,+  12.301kg', 'toledo')).toEqual({ weight: '12.301', unit: 'kg', stable: false });
    expect(parseFrame('ST,NT,-   0.020kg')).toEqual({ weight: '-0.02', unit: 'kg', stable: true });
    expect(parseFrame('\u0002ST,GS,+ 1250.5 g\u0003')).toEqual({ weight: '1250.5', unit: 'g', stable: true });
    expect(parseFrame('OL,GS,+ 999.999kg')?.stable).toBe(false);
  });

  it('reads MT-SICS and plain frames; plain ones carry no flag', () => {
    expect(parseFrame('S S      12.345 kg')).toEqual({ weight: '12.345', unit: 'kg', stable: true });
    expect(parseFrame('S D      12.3 kg', 'mtsics')).toEqual({ weight: '12.3', unit: 'kg', stable: false });
    expect(parseFrame('+0012.345 kg')).toEqual({ weight: '12.345', unit: 'kg', stable: null });
    expect(parseFrame('W: 12.345 kg', 'plain')).toEqual({ weight: '12.345', unit: 'kg', stable: null });
    expect(parseFrame('  3.5lb ')).toEqual({ weight: '3.5', unit: 'lb', stable: null });
  });

  it('returns null for garbage, and for a frame of another format than the station’s', () => {
    for (const g of ['', '#@!$%', 'ST,GS,+  12.3.45kg', 'ST,GS,abc kg', '12.345', 'kg', 'ST,XX,+ 1kg', 'x'.repeat(100), '1e5 kg'])
      expect(parseFrame(g), g).toBeNull();
    expect(parseFrame('+0012.345 kg', 'toledo')).toBeNull();
    expect(parseFrame('ST,GS,+  12.345kg', 'plain')).toBeNull();
  });

  it('converts units exactly', () => {
    expect(convertWeight('1250.5', 'g', 'kg')).toBe('1.2505');
    expect(convertWeight('10', 'lb', 'kg')).toBe('4.535924');
    expect(convertWeight('0.1', 'kg', 'kg')).toBe('0.1');
  });
});

describe('scale stream', () => {
  it('keeps the latest stable weight; an unstable frame clears it; garbage is counted, never thrown', () => {
    const s = new ScaleStream({ format: 'toledo' });
    s.push('US,GS,+  10.100kg\r\nUS,GS,+  12.2');
    expect(s.state.stable).toBeNull();
    s.push('00kg\r\n\u00ff\u00fe garbage\r\nST,GS,+  12.345kg\r\n');
    expect(s.state).toMatchObject({ frames: 3, garbage: 1, stable: { weight: '12.345', unit: 'kg' } });
    s.push('US,GS,+  13.000kg\n');
    expect(s.state.stable).toBeNull();
    expect(s.state.latest?.weight).toBe('13');
  });

  it('without a flag, is stable once N readings agree within the tolerance', () => {
    const s = new ScaleStream({ format: 'plain', stableCount: 3, tolerance: '0.002' });
    for (const w of ['12.000', '12.300', '12.341']) s.line(`+00${w} kg`);
    expect(s.state.stable).toBeNull();
    s.line('+0012.342 kg');
    expect(s.state.stable).toBeNull(); // 12.300 still among the last three
    s.line('+0012.343 kg');
    expect(s.state.stable).toMatchObject({ weight: '12.343' });
    s.line('+0012.400 kg');
    expect(s.state.stable).toBeNull();
  });

  it('counts a line that never ends as garbage and carries on', () => {
    const s = new ScaleStream();
    s.push('z'.repeat(200));
    s.push('\nST,GS,+   1.000kg\n');
    expect(s.state).toMatchObject({ garbage: 1, frames: 1, stable: { weight: '1' } });
  });
});

describe('scale stream tolerance', () => {
  it('compares readings in the tolerance’s unit', () => {
    const s = new ScaleStream({ format: 'plain', stableCount: 2, tolerance: '0.001', unit: 'kg' });
    s.line('1250.0 g');
    s.line('1250.9 g');
    expect(s.state.stable).toMatchObject({ weight: '1250.9', unit: 'g' });
    s.line('1252 g');
    expect(s.state.stable).toBeNull();
  });
});
