/** Sapporo's meeting points, one row each: data only, apart from the search and naming in ../meeting-points.ts. */
import type { MeetingPointRow } from './row';

export const SAPPORO: MeetingPointRow[] = [
  [
    'sapporo-station',
    '札幌站',
    'Sapporo Station',
    '札幌駅',
    '北海道札幌市北区北6条西4丁目',
    '060-0806',
    43.0687,
    141.3508,
  ],
  ['odori-park', '大通公园', 'Odori Park', '大通公園', '北海道札幌市中央区大通西7丁目', '060-0042', 43.0605, 141.3465],
  [
    'tv-tower',
    '札幌电视塔',
    'Sapporo TV Tower',
    'さっぽろテレビ塔',
    '北海道札幌市中央区大通西1丁目',
    '060-0042',
    43.0611,
    141.3564,
  ],
  [
    'clock-tower',
    '札幌钟楼',
    'Sapporo Clock Tower',
    '札幌市時計台',
    '北海道札幌市中央区北1条西2丁目',
    '060-0001',
    43.0626,
    141.3536,
  ],
  ['susukino', '薄野', 'Susukino', 'すすきの', '北海道札幌市中央区南4条西4丁目', '064-0804', 43.0556, 141.353],
  [
    'nijo-market',
    '二条市场',
    'Nijo Market',
    '二条市場',
    '北海道札幌市中央区南3条東1丁目',
    '060-0053',
    43.0576,
    141.3577,
  ],
];
