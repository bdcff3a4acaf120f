/** Osaka's meeting points, one row each: data only, apart from the search and naming in ../meeting-points.ts. */
import type { MeetingPointRow } from './row';

export const OSAKA: MeetingPointRow[] = [
  ['osaka-station', '大阪站', 'Osaka Station (Umeda)', '大阪駅', '大阪府大阪市北区梅田3丁目1-1', '530-0001', 34.7025, 135.4959, ['Umeda', '梅田']],
  ['shin-osaka-station', '新大阪站', 'Shin-Osaka Station', '新大阪駅', '大阪府大阪市淀川区西中島5丁目16-1', '532-0011', 34.7335, 135.5002],
  ['namba-station', '难波站', 'Namba Station', '難波駅', '大阪府大阪市中央区難波5丁目1-60', '542-0076', 34.6627, 135.5016],
  ['osaka-castle', '大阪城', 'Osaka Castle', '大阪城', '大阪府大阪市中央区大阪城1-1', '540-0002', 34.6873, 135.5262],
  ['dotonbori', '道顿堀', 'Dotonbori', '道頓堀', '大阪府大阪市中央区道頓堀1丁目', '542-0071', 34.6687, 135.5013, ['Glico', '格力高']],
  ['kuromon-market', '黑门市场', 'Kuromon Market', '黒門市場', '大阪府大阪市中央区日本橋2丁目4-1', '542-0073', 34.6654, 135.5066],
  ['tsutenkaku', '通天阁', 'Tsutenkaku Tower', '通天閣', '大阪府大阪市浪速区恵美須東1丁目18-6', '556-0002', 34.6525, 135.5063, ['Shinsekai', '新世界']],
];
