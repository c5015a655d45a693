import type { SVGProps } from 'react';

/*
 * The few icons of what every page shows first (the toaster, the theme toggle), drawn here with
 * Lucide's paths as react-icons draws them. react-icons/lu is one module holding every icon the app
 * uses: imported from here, it would bring all of them into /login's download (issue 29). Later
 * screens import react-icons/lu as usual.
 */

type IconProps = SVGProps<SVGSVGElement>;

function LucideIcon({ children, ...props }: IconProps) {
  return (
    <svg
      stroke="currentColor"
      fill="none"
      strokeWidth="2"
      viewBox="0 0 24 24"
      strokeLinecap="round"
      strokeLinejoin="round"
      height="1em"
      width="1em"
      aria-hidden="true"
      focusable="false"
      xmlns="http://www.w3.org/2000/svg"
      {...props}
    >
      {children}
    </svg>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <LucideIcon {...props}>
      <path d="m6 9 6 6 6-6" />
    </LucideIcon>
  );
}

export function ChevronUpIcon(props: IconProps) {
  return (
    <LucideIcon {...props}>
      <path d="m18 15-6-6-6 6" />
    </LucideIcon>
  );
}

export function MoonIcon(props: IconProps) {
  return (
    <LucideIcon {...props}>
      <path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z" />
    </LucideIcon>
  );
}

export function SunIcon(props: IconProps) {
  return (
    <LucideIcon {...props}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2" />
      <path d="M12 20v2" />
      <path d="m4.93 4.93 1.41 1.41" />
      <path d="m17.66 17.66 1.41 1.41" />
      <path d="M2 12h2" />
      <path d="M20 12h2" />
      <path d="m6.34 17.66-1.41 1.41" />
      <path d="m19.07 4.93-1.41 1.41" />
    </LucideIcon>
  );
}
