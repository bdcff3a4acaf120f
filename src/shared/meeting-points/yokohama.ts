/** Yokohama's meeting points, one row each: data only, apart from the search and naming in ../meeting-points.ts. */
import type { MeetingPointRow } from './row';

export const YOKOHAMA: MeetingPointRow[] = [
  ['yokohama-station', '横滨站', 'Yokohama Station', '横浜駅', '神奈川県横浜市西区高島2丁目16-1', '220-0011', 35.466, 139.6223],
  ['shin-yokohama-station', '新横滨站', 'Shin-Yokohama Station', '新横浜駅', '神奈川県横浜市港北区篠原町2937', '222-0026', 35.5073, 139.6172],
  ['sakuragicho-station', '樱木町站（港未来）', 'Sakuragicho Station (Minato Mirai)', '桜木町駅', '神奈川県横浜市中区桜木町1丁目1', '231-0062', 35.4508, 139.631, ['Minato Mirai', '港未来', 'みなとみらい']],
  ['chinatown', '横滨中华街', 'Yokohama Chinatown', '横浜中華街', '神奈川県横浜市中区山下町', '231-0023', 35.4437, 139.6455],
  ['yamashita-park', '山下公园', 'Yamashita Park', '山下公園', '神奈川県横浜市中区山下町279', '231-0023', 35.446, 139.6505],
  ['red-brick-warehouse', '横滨红砖仓库', 'Red Brick Warehouse', '横浜赤レンガ倉庫', '神奈川県横浜市中区新港1丁目1', '231-0001', 35.4526, 139.643],
  ['sankeien', '三溪园', 'Sankeien Garden', '三溪園', '神奈川県横浜市中区本牧三之谷58-1', '231-0824', 35.4171, 139.6626],
];
