import { type FileListBody, type FileListRecord, fileListSchema } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { fileListsQueryKey } from './get-file-lists';

export type SaveFileListInput = {
  id?: number;
  body: FileListBody;
  /** The file chosen for each option of `body.options`, by position (null: the option keeps its file). */
  files: (File | null)[];
  /** Called once the list itself is saved, before its files go: a failed upload leaves a saved list to retry on. */
  onSaved?: (saved: FileListRecord) => void;
};

/**
 * `POST /api/files` or `PUT /api/files/{id}` {name, message, options}, then the chosen files through
 * `POST /api/files/uploadList/{id}` (multipart `files`, with each file's option `id` and `name`).
 */
export async function saveFileList({ id, body, files, onSaved }: SaveFileListInput): Promise<FileListRecord> {
  const saved = id
    ? await api.put(`/files/${id}`, body, { schema: fileListSchema })
    : await api.post('/files', body, { schema: fileListSchema });
  onSaved?.(saved);
  const form = new FormData();
  files.forEach((file, index) => {
    const option = saved.options[index];
    if (!file || !option) return;
    form.append('files', file, file.name);
    form.append('id', String(option.id));
    form.append('name', option.name);
  });
  if (!form.has('files')) return saved;
  return api.post(`/files/uploadList/${saved.id}`, form, { schema: fileListSchema });
}

export function useSaveFileList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFileList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileListsQueryKey }),
  });
}
