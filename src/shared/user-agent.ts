/**
 * What a browser's User-Agent says, read the same way by the server and the web app (decision 185):
 * whether it is WeChat's own browser (the WeChat login's in-app flow, decision 148), whether it is a
 * phone's (where WeChat's QR code cannot be scanned by the same phone), and the device in words for
 * the sessions page. A User-Agent can lie; nothing here decides who may do what.
 */

export const isWeChatBrowser = (userAgent: string | null | undefined): boolean =>
  /\bMicroMessenger\//i.test(userAgent ?? '');

/** A phone's (or tablet's) browser: iPhone, iPad, Android, HarmonyOS, or any that says "Mobile". */
export const isPhoneBrowser = (userAgent: string | null | undefined): boolean =>
  /\b(iPhone|iPad|iPod|Android|HarmonyOS|OpenHarmony|Mobile)\b/i.test(userAgent ?? '');

export interface DeviceWords {
  /** The app or browser: WeChat, Edge, Chrome, Firefox, Safari, … or null when none is recognised. */
  browser: string | null;
  /** The system: iPhone, iPad, Android, HarmonyOS, Windows, macOS, Linux, ChromeOS … or null. */
  system: string | null;
}

const BROWSERS: [RegExp, string][] = [
  [/\bMicroMessenger\//, 'WeChat'],
  [/\bEdgA?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bQQBrowser\//, 'QQ Browser'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\b(HarmonyOS|OpenHarmony)\b/, 'HarmonyOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The browser and system a User-Agent names, for a person to recognise their own devices. */
export function describeDevice(userAgent: string | null | undefined): DeviceWords {
  const ua = userAgent ?? '';
  return {
    browser: BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null,
    system: SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null,
  };
}
