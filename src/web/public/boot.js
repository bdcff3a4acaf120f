// Runs before the app: the stored theme (else the system's) and the stored language, so the first
// paint already has the right colours and <html lang>, and the manifest link its language. Keys match
// src/web/lib/storage-keys.ts.
(function () {
  try {
    var theme = localStorage.getItem('tabi.theme');
    var dark = theme ? theme === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    if (dark) document.documentElement.classList.add('dark');
    var locale = localStorage.getItem('tabi.locale');
    var known = locale === 'zh-CN' || locale === 'ja' || locale === 'en';
    if (known) document.documentElement.lang = locale;
    // The home-screen name in the stored language (the server chose by cookie or Accept-Language).
    var manifest = document.querySelector('link[rel="manifest"]');
    if (manifest && known)
      manifest.setAttribute('href', locale === 'en' ? '/manifest.webmanifest' : '/manifest.' + locale + '.webmanifest');
  } catch (e) {}
})();
