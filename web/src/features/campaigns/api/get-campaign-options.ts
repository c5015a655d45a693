import {
  connectionListResponseSchema,
  contactListAllResponseSchema,
  fileListPageResponseSchema,
  tagListResponseSchema,
} from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { campaignsQueryKey } from './get-campaigns';

/** A choice of the campaign dialog's selects: a connection (with its provider), a contact list, a tag or a file list. */
export type CampaignOption = { id: number; name: string; provider?: string };

const optionsKey = [...campaignsQueryKey, 'options'] as const;

/** `GET /api/whatsapp`: the company's connections (up to 5 are chosen). */
export async function getConnectionOptions(): Promise<CampaignOption[]> {
  const connections = await api.get('/whatsapp', { schema: connectionListResponseSchema });
  return connections.map(({ id, name, provider }) => ({ id, name, provider }));
}

/** `GET /api/contact-lists/list`: every contact list of the company, by name. */
export async function getContactListOptions(): Promise<CampaignOption[]> {
  const lists = await api.get('/contact-lists/list', { schema: contactListAllResponseSchema });
  return lists.map(({ id, name }) => ({ id, name }));
}

/** `GET /api/tags/list`: every tag of the company (its contacts are a campaign's recipients). */
export async function getTagOptions(): Promise<CampaignOption[]> {
  const tags = await api.get('/tags/list', { schema: tagListResponseSchema });
  return tags.map(({ id, name }) => ({ id, name }));
}

/** `GET /api/files/?pageNumber=`: every file list of the company, page after page. */
export async function getFileListOptions(): Promise<CampaignOption[]> {
  const options: CampaignOption[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await api.get('/files/', { query: { searchParam: '', pageNumber }, schema: fileListPageResponseSchema });
    options.push(...page.files.map(({ id, name }) => ({ id, name })));
    if (!page.hasMore || page.files.length === 0) return options;
  }
}

const LOOKUPS = {
  connections: getConnectionOptions,
  contactLists: getContactListOptions,
  tags: getTagOptions,
  fileLists: getFileListOptions,
} as const;

export type CampaignLookup = keyof typeof LOOKUPS;

export function getCampaignOptionsQueryOptions(lookup: CampaignLookup) {
  return queryOptions({ queryKey: [...optionsKey, lookup], queryFn: LOOKUPS[lookup], staleTime: 10_000 });
}

/** The dialog's choices, loaded when it opens. */
export function useCampaignOptions(lookup: CampaignLookup) {
  return useQuery(getCampaignOptionsQueryOptions(lookup));
}
