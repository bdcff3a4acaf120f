/** Nara's meeting points, one row each: data only, apart from the search and naming in ../meeting-points.ts. */
import type { MeetingPointRow } from './row';

export const NARA: MeetingPointRow[] = [
  [
    'jr-nara-station',
    'JR 奈良站',
    'JR Nara Station',
    'JR奈良駅',
    '奈良県奈良市三条本町1-1',
    '630-8122',
    34.6809,
    135.8197,
  ],
  [
    'kintetsu-nara-station',
    '近铁奈良站',
    'Kintetsu Nara Station',
    '近鉄奈良駅',
    '奈良県奈良市東向中町29',
    '630-8215',
    34.6845,
    135.8276,
  ],
  ['todai-ji', '东大寺', 'Todai-ji Temple', '東大寺', '奈良県奈良市雑司町406-1', '630-8587', 34.689, 135.8398],
  [
    'nara-park',
    '奈良公园',
    'Nara Park',
    '奈良公園',
    '奈良県奈良市登大路町',
    '630-8213',
    34.6851,
    135.843,
    ['deer', '小鹿', '鹿'],
  ],
  ['kofuku-ji', '兴福寺', 'Kofuku-ji Temple', '興福寺', '奈良県奈良市登大路町48', '630-8213', 34.6832, 135.8318],
  [
    'kasuga-taisha',
    '春日大社',
    'Kasuga Taisha Shrine',
    '春日大社',
    '奈良県奈良市春日野町160',
    '630-8212',
    34.6813,
    135.8484,
  ],
];
