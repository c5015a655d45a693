/** A location message's body: 'thumbnail|maps link|description' (spec 1, the message model). */
export function parseLocation(body: string): { image: string; link: string; description: string } {
  const [image = '', link = '', ...rest] = body.split('|');
  return { image, link, description: rest.join('|') };
}
