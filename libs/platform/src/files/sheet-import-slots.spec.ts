import { inSheetImportSlot } from './sheet-import-slots';

describe('sheet import slots', () => {
  it('two imports write at once, the rest wait and go in the order they came', async () => {
    const releases: (() => void)[] = [];
    const started: number[] = [];
    const imports = [0, 1, 2, 3, 4].map((i) =>
      inSheetImportSlot(async () => {
        started.push(i);
        await new Promise<void>((resolve) => releases.push(resolve));
        return i;
      }),
    );
    const turns = () => new Promise((resolve) => setImmediate(resolve));
    await turns();
    expect(started).toEqual([0, 1]);
    releases[1]!();
    await turns();
    expect(started).toEqual([0, 1, 2]);
    releases[0]!();
    releases[2]!();
    await turns();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    releases[3]!();
    releases[4]!();
    expect(await Promise.all(imports)).toEqual([0, 1, 2, 3, 4]);
  });

  it('a failed import frees its slot', async () => {
    await expect(inSheetImportSlot(() => Promise.reject(new Error('bad sheet')))).rejects.toThrow('bad sheet');
    await expect(inSheetImportSlot(() => Promise.reject(new Error('bad sheet')))).rejects.toThrow('bad sheet');
    await expect(inSheetImportSlot(async () => 'written')).resolves.toBe('written');
  });
});
