// Applies the saved or system colour scheme before the first paint, so dark users see no white flash.
// A file of its own, loaded synchronously from <head>: the Content Security Policy allows no inline script.
try {
  const saved = localStorage.getItem('mantine-color-scheme-value');
  const dark =
    saved === 'dark' || ((!saved || saved === 'auto') && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
} catch {
  // Storage blocked: Mantine picks the scheme once the app starts.
}
