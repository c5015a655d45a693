import { Avatar } from '@chakra-ui/react';

import { getInitials } from '../utils/initials';

type ContactAvatarProps = { name: string; src?: string | null; size?: 'xs' | 'sm' | 'md' | 'lg' };

/** The contact's picture, or the initials of the first and last words of the name. */
export function ContactAvatar({ name, src, size = 'md' }: ContactAvatarProps) {
  return (
    <Avatar.Root size={size} flexShrink={0}>
      <Avatar.Fallback data-testid="contact-avatar-initials">{getInitials(name)}</Avatar.Fallback>
      {src ? <Avatar.Image src={src} alt={name} /> : null}
    </Avatar.Root>
  );
}
