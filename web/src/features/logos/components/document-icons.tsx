import { useEffect } from 'react';

import { useLogos } from '../api/get-logos';

function setLink(rel: string, href: string, sizes?: string): void {
  const selector = sizes ? `link[rel="${rel}"][sizes="${sizes}"]` : `link[rel="${rel}"]:not([sizes])`;
  let link = document.head.querySelector<HTMLLinkElement>(selector);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    if (sizes) link.sizes.value = sizes;
    document.head.appendChild(link);
  }
  if (link.href !== href) {
    link.removeAttribute('type');
    link.href = href;
  }
}

/** Points the page's favicon and touch icons at the uploaded ones, where uploaded. */
export function DocumentIcons() {
  const logos = useLogos();
  const favicon = logos.data?.favicon;
  const large = logos.data?.['favicon-256x256'];
  const apple = logos.data?.['apple-touch-icon'];

  useEffect(() => {
    if (favicon) setLink('icon', favicon);
    if (large) setLink('icon', large, '256x256');
    if (apple) setLink('apple-touch-icon', apple);
  }, [favicon, large, apple]);

  return null;
}
