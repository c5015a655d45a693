import { Popover, Portal } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

type PopoverPanelProps = {
  placement: 'bottom-start' | 'bottom-end';
  /** The button that opens the panel; it must pass its props on (Chakra's asChild). */
  trigger: ReactNode;
  /** The test id of the open panel. */
  testId?: string;
  contentProps?: ComponentProps<typeof Popover.Content>;
  bodyProps?: ComponentProps<typeof Popover.Body>;
  arrow?: boolean;
  children: ReactNode;
};

/** A panel that opens under a button, mounted on first open, scrolling when long. */
export function PopoverPanel({ placement, trigger, testId, contentProps, bodyProps, arrow, children }: PopoverPanelProps) {
  return (
    <Popover.Root positioning={{ placement }} lazyMount>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content overflowY="auto" {...contentProps} data-testid={testId}>
            {arrow && <Popover.Arrow />}
            <Popover.Body {...bodyProps}>{children}</Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
