/** Tokyo's meeting points, one row each: data only, apart from the search and naming in ../meeting-points.ts. */
import type { MeetingPointRow } from './row';

export const TOKYO: MeetingPointRow[] = [
  ['tokyo-station', '东京站', 'Tokyo Station', '東京駅', '東京都千代田区丸の内1丁目', '100-0005', 35.6812, 139.7671, ['Marunouchi', '丸之内']],
  ['shinjuku-station', '新宿站', 'Shinjuku Station', '新宿駅', '東京都新宿区新宿3丁目38-1', '160-0022', 35.6896, 139.7006],
  ['shibuya-station', '涩谷站', 'Shibuya Station', '渋谷駅', '東京都渋谷区道玄坂1丁目1-1', '150-0043', 35.658, 139.7016, ['Hachiko', '八公']],
  ['ueno-station', '上野站', 'Ueno Station', '上野駅', '東京都台東区上野7丁目1-1', '110-0005', 35.7138, 139.7773],
  ['sensoji', '浅草寺', 'Senso-ji Temple (Asakusa)', '浅草寺', '東京都台東区浅草2丁目3-1', '111-0032', 35.7148, 139.7967, ['Asakusa', 'Kaminarimon', '雷门', '雷門']],
  ['skytree', '东京晴空塔', 'Tokyo Skytree', '東京スカイツリー', '東京都墨田区押上1丁目1-2', '131-0045', 35.7101, 139.8107],
  ['meiji-jingu', '明治神宫', 'Meiji Jingu Shrine', '明治神宮', '東京都渋谷区代々木神園町1-1', '151-8557', 35.6764, 139.6993, ['Harajuku', '原宿']],
];
