/** Hiroshima's meeting points, one row each: data only, apart from the search and naming in ../meeting-points.ts. */
import type { MeetingPointRow } from './row';

export const HIROSHIMA: MeetingPointRow[] = [
  ['hiroshima-station', '广岛站', 'Hiroshima Station', '広島駅', '広島県広島市南区松原町2-37', '732-0822', 34.3972, 132.4754],
  ['peace-park', '和平纪念公园', 'Peace Memorial Park', '平和記念公園', '広島県広島市中区中島町1', '730-0811', 34.3925, 132.4524],
  ['atomic-bomb-dome', '原爆圆顶馆', 'Atomic Bomb Dome', '原爆ドーム', '広島県広島市中区大手町1丁目10', '730-0051', 34.3955, 132.4536],
  ['hiroshima-castle', '广岛城', 'Hiroshima Castle', '広島城', '広島県広島市中区基町21-1', '730-0011', 34.4027, 132.4592],
  ['shukkeien', '缩景园', 'Shukkeien Garden', '縮景園', '広島県広島市中区上幟町2-11', '730-0014', 34.4005, 132.4679],
  ['itsukushima', '严岛神社（宫岛）', 'Itsukushima Shrine (Miyajima)', '厳島神社', '広島県廿日市市宮島町1-1', '739-0588', 34.296, 132.3198, ['Miyajima', '宫岛', '宮島']],
];
