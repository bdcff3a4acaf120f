/** Kyoto's meeting points, one row each: data only, apart from the search and naming in ../meeting-points.ts. */
import type { MeetingPointRow } from './row';

export const KYOTO: MeetingPointRow[] = [
  ['kyoto-station', '京都站', 'Kyoto Station', '京都駅', '京都府京都市下京区東塩小路町', '600-8216', 34.9858, 135.7588],
  ['kiyomizu-dera', '清水寺', 'Kiyomizu-dera Temple', '清水寺', '京都府京都市東山区清水1丁目294', '605-0862', 34.9949, 135.785],
  ['fushimi-inari', '伏见稻荷大社', 'Fushimi Inari Taisha', '伏見稲荷大社', '京都府京都市伏見区深草藪之内町68', '612-0882', 34.9671, 135.7727],
  ['kinkaku-ji', '金阁寺', 'Kinkaku-ji (Golden Pavilion)', '金閣寺', '京都府京都市北区金閣寺町1', '603-8361', 35.0394, 135.7292],
  ['yasaka-shrine', '八坂神社（祇园）', 'Yasaka Shrine (Gion)', '八坂神社', '京都府京都市東山区祇園町北側625', '605-0073', 35.0037, 135.7785, ['Gion', '祇园', '祇園']],
  ['tenryu-ji', '天龙寺（岚山）', 'Tenryu-ji Temple (Arashiyama)', '天龍寺', '京都府京都市右京区嵯峨天龍寺芒ノ馬場町68', '616-8385', 35.0158, 135.6737, ['Arashiyama', '岚山', '嵐山']],
  ['nijo-castle', '二条城', 'Nijo Castle', '二条城', '京都府京都市中京区二条通堀川西入二条城町541', '604-8301', 35.0142, 135.7482],
  ['ginkaku-ji', '银阁寺', 'Ginkaku-ji (Silver Pavilion)', '銀閣寺', '京都府京都市左京区銀閣寺町2', '606-8402', 35.027, 135.7982],
];
