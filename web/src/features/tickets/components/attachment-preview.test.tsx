import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { AttachmentPreview } from './attachment-preview';

describe('attachment preview', () => {
  const createObjectURL = vi.fn((file: File) => `blob:local/${file.name}`);
  const revokeObjectURL = vi.fn();

  beforeEach(() => {
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('an image shows as a thumbnail of itself, released when removed', async () => {
    const onRemove = vi.fn();
    const photo = new File(['png'], 'foto.png', { type: 'image/png' });
    const { unmount } = renderWithProviders(<AttachmentPreview file={photo} onRemove={onRemove} />);
    const thumbnail = (await screen.findByTestId('message-attachment-thumbnail')) as HTMLImageElement;
    expect(thumbnail.tagName).toBe('IMG');
    expect(thumbnail.getAttribute('src')).toBe('blob:local/foto.png');
    fireEvent.click(screen.getByRole('button', { name: 'Remover anexo' }));
    expect(onRemove).toHaveBeenCalled();
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:local/foto.png');
  });

  it('a video shows as a video thumbnail; another file by its name only', async () => {
    renderWithProviders(<AttachmentPreview file={new File(['mp4'], 'festa.mp4', { type: 'video/mp4' })} onRemove={vi.fn()} />);
    expect((await screen.findByTestId('message-attachment-thumbnail')).tagName).toBe('VIDEO');
  });

  it('a PDF keeps its name chip and makes no local URL', () => {
    renderWithProviders(<AttachmentPreview file={new File(['%PDF'], 'orcamento.pdf', { type: 'application/pdf' })} onRemove={vi.fn()} />);
    expect(screen.getByText('orcamento.pdf')).toBeTruthy();
    expect(screen.queryByTestId('message-attachment-thumbnail')).toBeNull();
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});
