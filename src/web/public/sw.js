/* Tabi Guides service worker (decision 095): the app opens with no connection and a signed-in
 * traveler's trips stay readable. Hand-written, no precaching: it keeps only what the app fetched.
 *
 * - Hashed files under /assets/ (the app's code, styles, locale files): cache first, kept as they are fetched.
 * - Pages: network first; a browser-rendered page's HTML (the app's shell, no user data) is kept as the
 *   offline fallback of every page.
 * - Guides' photos (/uploads/avatars/, /api/v2/avatars/): network first, the last copy kept for offline.
 * - The signed-in user's trips, bookings, booking PDFs and messages (PRIVATE_API): network first, kept
 *   only for a request that carries a bearer token, in a cache named after the token's user
 *   ("tabi-private-<user id>"); storing for one user deletes every other user's cache. A logged-out
 *   visitor sends no token, so nothing private is ever kept for them; logging out deletes these caches
 *   (src/web/lib/offline.ts, and the "logout" message below).
 * An answer served from the cache carries X-Tabi-Saved-At (when it was fetched): the app shows
 * "offline, last updated …" from it.
 *
 * Decision 102, offline by every path: once a signed-in traveler has a booking, the page posts
 * "keep-trip" and the worker keeps the shell and every file /offline-trip.json names (the build lists
 * the trip's pages, the menus and their words) in TRIP_CACHE, whatever page the traveler came in by.
 * A page navigation that fails offline answers the shell, or /offline.html (kept at install) when there
 * is no shell yet: never the browser's own error. The PDF frame's request is a navigation too, of an
 * iframe: it is answered as the PDF (its own headers allow this frame), never as the shell.
 */
'use strict';

var SHELL_CACHE = 'tabi-shell-v1';
var IMAGE_CACHE = 'tabi-images-v1';
/** The files a trip needs offline (keep-trip): replaced as a whole, never trimmed. */
var TRIP_CACHE = 'tabi-trip-v1';
var TRIP_FILES = '/offline-trip.json';
/** The offline answer to a page before any shell was kept (both languages). */
var OFFLINE_PAGE = '/offline.html';
var PRIVATE_PREFIX = 'tabi-private-';
var SHELL_KEY = '/__offline-shell';
var SAVED_AT = 'X-Tabi-Saved-At';
var MAX_ASSETS = 150;
var MAX_IMAGES = 60;

/** GET paths whose answers a traveler needs on the road (their trips, the PDF, the last messages). */
var PRIVATE_API = [
  /^\/api\/v2\/bookings-new\/traveler\/\d+$/,
  /^\/api\/v2\/bookings\/\d+$/,
  /^\/api\/v2\/bookings\/\d+\/pdf-link$/,
  /^\/api\/conversations$/,
  /^\/api\/conversations\/\d+\/messages$/,
  /^\/api\/conversations\/total-unread-count\/\d+$/,
];
/** The PDF itself: a signed link without a token, kept under its path and language only. */
var PDF_PATH = /^\/api\/v2\/bookings\/\d+\/pdf$/;
/** Browser-rendered pages (no server-rendered content in their HTML): their HTML is the app's shell. */
var SHELL_PAGES = /^\/(dashboard|messages|pdf-preview\/\d+|profile|guide|guide-dashboard)\/?$/;

/** The user id of a bearer token (the JWT's `sub`), or null. Only names the cache; the server checks the token. */
function userIdOfAuthorization(header) {
  var match = /^Bearer\s+([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(header || '');
  if (!match) return null;
  try {
    var json = atob(match[2].replace(/-/g, '+').replace(/_/g, '/'));
    var sub = JSON.parse(json).sub;
    return typeof sub === 'string' && /^\d{1,12}$/.test(sub) ? sub : null;
  } catch (e) {
    return null;
  }
}

function privateCacheName(userId) {
  return PRIVATE_PREFIX + userId;
}

function isPrivateApi(url) {
  return PRIVATE_API.some(function (re) {
    return re.test(url.pathname);
  });
}

/** The PDF's cache key: its path and language, without the link's expiry and signature. */
function pdfKey(url) {
  var lang = url.searchParams.get('lang');
  return url.pathname + (lang ? '?lang=' + encodeURIComponent(lang) : '');
}

/** Deletes every private cache except `keep`'s (all of them when `keep` is null). */
function deletePrivateCaches(keep) {
  return caches.keys().then(function (names) {
    return Promise.all(
      names
        .filter(function (n) {
          return n.indexOf(PRIVATE_PREFIX) === 0 && n !== keep;
        })
        .map(function (n) {
          return caches.delete(n);
        }),
    );
  });
}

/** A copy of `response` with the time it was fetched, to store. */
function stamped(response, at) {
  return response.blob().then(function (body) {
    var headers = new Headers(response.headers);
    headers.set(SAVED_AT, new Date(at).toISOString());
    return new Response(body, { status: response.status, statusText: response.statusText, headers: headers });
  });
}

/** Keeps at most `max` entries in a cache, dropping the oldest stored (the shell and the offline page stay). */
function trim(cacheName, max) {
  return caches.open(cacheName).then(function (cache) {
    return cache.keys().then(function (all) {
      var keys = all.filter(function (k) {
        var path = new URL(k.url).pathname;
        return path !== SHELL_KEY && path !== OFFLINE_PAGE;
      });
      return Promise.all(
        keys.slice(0, Math.max(0, keys.length - max)).map(function (k) {
          return cache.delete(k);
        }),
      );
    });
  });
}

/** Set by a "logout" message: an answer to a request sent before it is not stored. */
var loggedOutAt = 0;

/** Network first; a good answer is stored under `key` in `cacheName`, a failure falls back to the stored one. */
function networkFirst(event, cacheName, key, beforeStore) {
  var sentAt = Date.now();
  return fetch(event.request).then(
    function (response) {
      if (response.ok && response.status === 200) {
        var copy = response.clone();
        event.waitUntil(
          Promise.resolve(beforeStore && beforeStore()).then(function () {
            if (sentAt < loggedOutAt) return;
            return stamped(copy, sentAt).then(function (saved) {
              return caches.open(cacheName).then(function (cache) {
                return cache.put(key, saved);
              });
            });
          }),
        );
      }
      return response;
    },
    function (error) {
      return caches.open(cacheName).then(function (cache) {
        return cache.match(key).then(function (hit) {
          if (hit) return hit;
          throw error;
        });
      });
    },
  );
}

function handle(event) {
  var request = event.request;
  if (request.method !== 'GET') return null;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;

  if (PDF_PATH.test(url.pathname)) return pdfAnswer(event, url);

  // A frame's navigation (the PDF above; nothing else of this origin is framed) is not a page.
  if (request.mode === 'navigate' && request.destination !== 'iframe') {
    var shellPage = SHELL_PAGES.test(url.pathname);
    return fetch(request).then(
      function (response) {
        if (shellPage && response.ok) {
          var copy = response.clone();
          event.waitUntil(
            caches.open(SHELL_CACHE).then(function (cache) {
              return cache.put(SHELL_KEY, copy);
            }),
          );
        }
        return response;
      },
      function (error) {
        return caches
          .match(SHELL_KEY, { cacheName: SHELL_CACHE })
          .then(function (hit) {
            return hit || caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE });
          })
          .then(function (hit) {
            if (hit) return hit;
            throw error;
          });
      },
    );
  }

  if (url.pathname.indexOf('/assets/') === 0) {
    return caches.open(SHELL_CACHE).then(function (cache) {
      return cache
        .match(request)
        .then(function (hit) {
          return hit || caches.match(request, { cacheName: TRIP_CACHE });
        })
        .then(function (hit) {
          if (hit) return hit;
          return fetch(request).then(function (response) {
            if (response.ok && response.status === 200) {
              var copy = response.clone();
              event.waitUntil(
                cache.put(request, copy).then(function () {
                  return trim(SHELL_CACHE, MAX_ASSETS);
                }),
              );
            }
            return response;
          });
        });
    });
  }

  if (url.pathname.indexOf('/uploads/avatars/') === 0 || url.pathname.indexOf('/api/v2/avatars/') === 0) {
    return networkFirst(event, IMAGE_CACHE, request.url).then(function (response) {
      event.waitUntil(trim(IMAGE_CACHE, MAX_IMAGES));
      return response;
    });
  }

  if (isPrivateApi(url)) {
    var userId = userIdOfAuthorization(request.headers.get('Authorization'));
    // A visitor's request (no token): never stored, never answered from a cache.
    if (!userId) return null;
    var name = privateCacheName(userId);
    return networkFirst(event, name, request.url, function () {
      return deletePrivateCaches(name);
    }).then(function (response) {
      if (PDF_PATH_LINK.test(url.pathname) && response.ok && !response.headers.has(SAVED_AT)) {
        event.waitUntil(keepPdf(response.clone(), name));
      }
      return response;
    });
  }

  return null;
}

/** The PDF: signed, without a token; kept only in the signed-in user's cache (there is none for a visitor). */
function pdfAnswer(event, url) {
  return caches.keys().then(function (names) {
    var name = names.filter(function (n) {
      return n.indexOf(PRIVATE_PREFIX) === 0;
    })[0];
    if (!name) return fetch(event.request);
    return networkFirst(event, name, pdfKey(url));
  });
}

var PDF_PATH_LINK = /^\/api\/v2\/bookings\/\d+\/pdf-link$/;

/** After a PDF link is fetched: keep the PDF itself once, so a phone without a PDF viewer has it offline. */
function keepPdf(linkResponse, cacheName) {
  return linkResponse
    .json()
    .then(function (link) {
      var url = new URL(link.url, self.location.origin);
      if (!PDF_PATH.test(url.pathname)) return;
      return caches.open(cacheName).then(function (cache) {
        return cache.match(pdfKey(url)).then(function (hit) {
          if (hit) return;
          var sentAt = Date.now();
          return fetch(url.href).then(function (pdf) {
            if (!pdf.ok || sentAt < loggedOutAt) return;
            return stamped(pdf, sentAt).then(function (saved) {
              return caches.has(cacheName).then(function (exists) {
                // Logged out (the cache deleted) while the PDF was on its way: keep nothing.
                if (exists) return cache.put(pdfKey(url), saved);
              });
            });
          });
        });
      });
    })
    .catch(function () {});
}

/** The page sends the files it loaded before this worker controlled it, so the next offline visit has them. */
function warm(urls) {
  return caches.open(SHELL_CACHE).then(function (cache) {
    return Promise.all(
      urls.map(function (raw) {
        var url = new URL(raw, self.location.origin);
        if (url.origin !== self.location.origin) return null;
        if (url.pathname.indexOf('/assets/') === 0) {
          return cache.match(url.href).then(function (hit) {
            return hit || cache.add(url.href).catch(function () {});
          });
        }
        if (SHELL_PAGES.test(url.pathname)) {
          return fetch(url.href, { credentials: 'same-origin' })
            .then(function (res) {
              if (res.ok) return cache.put(SHELL_KEY, res);
            })
            .catch(function () {});
        }
        return null;
      }),
    ).then(function () {
      return trim(SHELL_CACHE, MAX_ASSETS);
    });
  });
}

/**
 * keep-trip: the shell (a browser-rendered page's HTML, no user data) and the trip's files, fetched
 * afresh from this build's list; files of an older build are dropped. A file already kept is not
 * fetched again (their names carry their content's hash).
 */
function keepTrip() {
  return fetch(new URL(TRIP_FILES, self.location.origin).href, { cache: 'no-cache' })
    .then(function (res) {
      if (!res.ok) throw new Error('no trip file list');
      return res.json();
    })
    .then(function (list) {
      var wanted = list.files.map(function (f) {
        return new URL(f, self.location.origin).href;
      });
      return caches.open(TRIP_CACHE).then(function (cache) {
        return cache
          .keys()
          .then(function (keys) {
            return Promise.all(
              keys.map(function (k) {
                return wanted.indexOf(k.url) === -1 ? cache.delete(k) : null;
              }),
            );
          })
          .then(function () {
            return Promise.all(
              wanted.map(function (href) {
                return cache.match(href).then(function (hit) {
                  return hit || cache.add(href).catch(function () {});
                });
              }),
            );
          });
      });
    })
    .then(function () {
      return fetch(new URL('/dashboard', self.location.origin).href, { credentials: 'same-origin', cache: 'no-cache' });
    })
    .then(function (res) {
      if (res.ok)
        return caches.open(SHELL_CACHE).then(function (cache) {
          return cache.put(SHELL_KEY, res);
        });
    })
    .catch(function () {});
}

self.addEventListener('install', function (event) {
  self.skipWaiting();
  // The offline page is the only file kept ahead: 2.5 KB, so no page ever ends in the browser's error.
  event.waitUntil(
    caches.open(SHELL_CACHE).then(function (cache) {
      return cache.add(OFFLINE_PAGE).catch(function () {});
    }),
  );
});

self.addEventListener('activate', function (event) {
  // Caches of an older version of this worker go; the private ones stay (they are the user's, not the version's).
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (n) {
              return (
                n.indexOf('tabi-') === 0 &&
                n.indexOf(PRIVATE_PREFIX) !== 0 &&
                n !== SHELL_CACHE &&
                n !== IMAGE_CACHE &&
                n !== TRIP_CACHE
              );
            })
            .map(function (n) {
              return caches.delete(n);
            }),
        );
      })
      .then(function () {
        return self.clients.claim();
      }),
  );
});

self.addEventListener('fetch', function (event) {
  var answer = handle(event);
  if (answer) event.respondWith(answer);
});

self.addEventListener('message', function (event) {
  var data = event.data || {};
  if (data.type === 'logout') {
    loggedOutAt = Date.now();
    event.waitUntil(deletePrivateCaches(null));
  } else if (data.type === 'warm' && Array.isArray(data.urls)) {
    event.waitUntil(warm(data.urls));
  } else if (data.type === 'keep-trip') {
    event.waitUntil(keepTrip());
  }
});
