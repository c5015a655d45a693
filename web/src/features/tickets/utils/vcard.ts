/** The name and WhatsApp number of a shared contact card (a vCard body). */
export function parseVCard(body: string): { name: string; number: string } {
  const lines = body.split(/\r?\n/);
  const name = lines.find((line) => line.startsWith('FN:'))?.slice(3).trim() ?? '';
  const tel = lines.find((line) => line.startsWith('TEL'));
  const waid = tel ? /waid=(\d+)/.exec(tel)?.[1] : undefined;
  const number = waid ?? (tel ? tel.slice(tel.indexOf(':') + 1).replace(/\D/g, '') : '');
  return { name, number };
}
