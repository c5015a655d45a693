import { api } from '@/lib/api-client';
import type { Contact } from '../types';

/** `GET /api/contacts/list`: every contact of the company (for the CSV export). */
export async function getAllContacts(): Promise<Contact[]> {
  const contacts = await api.get<unknown>('/contacts/list');
  return Array.isArray(contacts) ? (contacts as Contact[]) : [];
}
