import { Badge, Float, IconButton } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

type CountIconButtonProps = Omit<ComponentProps<typeof IconButton>, 'children' | 'aria-label'> & {
  label: string;
  icon: ReactNode;
  /** Shown in a red badge at the top-right corner while above zero. */
  count: number;
  countTestId: string;
};

/** A header icon button with the number of unseen items (announcements, notifications). */
export function CountIconButton({ label, icon, count, countTestId, ...props }: CountIconButtonProps) {
  return (
    <IconButton aria-label={label} title={label} variant="ghost" size="sm" position="relative" {...props}>
      {icon}
      {count > 0 && (
        <Float placement="top-end" offset="1.5">
          <Badge size="xs" colorPalette="red" variant="solid" borderRadius="full" data-testid={countTestId}>
            {count}
          </Badge>
        </Float>
      )}
    </IconButton>
  );
}
