import { createTheme, type CSSVariablesResolver, type MantineColorSchemeManager } from '@mantine/core';

// Mantine's defaults put some text below WCAG AA contrast on white (blue 6 buttons,
// gray 6 "dimmed" text, red 6 errors); these shades all reach at least 4.5:1.
// Red 8 (the filled shade from primaryShade) gives white text only 4.51:1, and
// less while a modal fades in, so filled red buttons use red 9 (5.5:1).
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  // People who ask their system for less motion get no sliding or fading (WCAG 2.3.3).
  respectReducedMotion: true,
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled-hover': '#a61e1e',
    // Light buttons darken to shade 2 on hover, where their shade-9 text is only 4:1:
    // a lighter hover keeps it above 4.5:1 (blue 4.9:1 on shade 1, red 5.1:1 on shade 0).
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
    '--mantine-color-red-light-hover': 'var(--mantine-color-red-0)',
    '--mantine-color-gray-light-hover': 'var(--mantine-color-gray-1)',
  },
  dark: {},
});

/**
 * The app is light only (App.tsx forceColorScheme), so there is no scheme to read or keep.
 * Mantine's default manager reads localStorage as the app starts, and a page's first use of
 * localStorage waits on the browser to open the origin's storage (~20 ms of a cold load).
 */
export const colorSchemeManager: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};
