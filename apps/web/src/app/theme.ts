import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { mantineBreakpoints } from './breakpoints';

/** A deep exchange blue: calm in both themes, strong enough for primary actions. */
const brand: MantineColorsTuple = [
  '#eaf0ff',
  '#d2ddff',
  '#a3b8fb',
  '#7091f7',
  '#4670f4',
  '#2c5bf2',
  '#1c50f2',
  '#0e41d8',
  '#0239c2',
  '#0031ab',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  breakpoints: mantineBreakpoints,
  fontFamily:
    'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true, padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    // A link inside a sentence must not rely on colour alone (WCAG 1.4.1): always underlined.
    Anchor: { defaultProps: { underline: 'always' } },
    // A spinner is named ("Loading…") where it stands in for content: a named span needs a role to
    // carry the name (axe aria-prohibited-attr), and a status is announced when it appears.
    Loader: { defaultProps: { role: 'status' } },
  },
});
