// Runs before the app: the stored theme (else the system's) and the stored language, so the first
// paint already has the right colours and <html lang>. Keys match src/web/lib/storage-keys.ts.
(function () {
  try {
    var theme = localStorage.getItem('tabi.theme');
    var dark = theme ? theme === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    if (dark) document.documentElement.classList.add('dark');
    var locale = localStorage.getItem('tabi.locale');
    if (locale === 'zh-CN' || locale === 'en') document.documentElement.lang = locale;
  } catch (e) {}
})();
