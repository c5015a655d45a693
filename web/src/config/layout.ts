/** The top bar's height: the shell draws it, and the toaster starts below it (decision 0030). */
export const TOP_BAR_HEIGHT = '3.5rem';
