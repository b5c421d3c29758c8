// Weather codes of SPEC §3 (the QWeather icon code set: 1xx sky, 3xx rain, 4xx snow, 5xx haze and dust,
// 8xx moon phases, 9xx temperature extremes, 999 unknown) mapped to the kinds of icon the console draws.

/** The kinds of weather the console has an icon and a label for. */
export const WEATHER_KINDS = [
  'clear',
  'clearNight',
  'partlyCloudy',
  'partlyCloudyNight',
  'overcast',
  'shower',
  'thunder',
  'hail',
  'rain',
  'heavyRain',
  'freezingRain',
  'sleet',
  'snow',
  'fog',
  'haze',
  'dust',
  'moon',
  'hot',
  'cold',
  'unknown',
] as const;
export type WeatherKind = (typeof WEATHER_KINDS)[number];

/** Every weather code of SPEC §3, as inclusive ranges. */
export const WEATHER_CODE_RANGES: readonly (readonly [number, number])[] = [
  [100, 104],
  [150, 153],
  [300, 318],
  [350, 351],
  [399, 399],
  [400, 410],
  [456, 457],
  [499, 499],
  [500, 515],
  [800, 807],
  [900, 901],
  [999, 999],
];

/** The codes of SPEC §3 one by one. */
export const WEATHER_CODES: readonly number[] = WEATHER_CODE_RANGES.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i),
);

const TABLE: Readonly<Record<number, WeatherKind>> = {
  100: 'clear',
  101: 'overcast', // cloudy
  102: 'partlyCloudy', // few clouds
  103: 'partlyCloudy',
  104: 'overcast',
  150: 'clearNight',
  151: 'partlyCloudyNight', // cloudy night
  152: 'partlyCloudyNight',
  153: 'partlyCloudyNight',
  300: 'shower',
  301: 'shower', // heavy shower
  302: 'thunder', // thundershower
  303: 'thunder', // heavy thunderstorm
  304: 'hail', // thundershower with hail
  305: 'rain', // light
  306: 'rain', // moderate
  307: 'heavyRain',
  308: 'heavyRain', // extreme
  309: 'rain', // drizzle
  310: 'heavyRain', // storm
  311: 'heavyRain',
  312: 'heavyRain',
  313: 'freezingRain',
  314: 'rain', // light to moderate
  315: 'heavyRain', // moderate to heavy
  316: 'heavyRain',
  317: 'heavyRain',
  318: 'heavyRain',
  350: 'shower', // shower at night
  351: 'shower',
  399: 'rain',
  400: 'snow', // light
  401: 'snow',
  402: 'snow', // heavy
  403: 'snow', // snowstorm
  404: 'sleet',
  405: 'sleet', // rain and snow
  406: 'sleet', // shower rain and snow
  407: 'snow', // snow flurry
  408: 'snow',
  409: 'snow',
  410: 'snow',
  456: 'sleet', // shower rain and snow at night
  457: 'snow', // snow flurry at night
  499: 'snow',
  500: 'fog', // mist
  501: 'fog',
  502: 'haze',
  503: 'dust', // sand
  504: 'dust', // floating dust
  505: 'dust',
  506: 'dust',
  507: 'dust', // duststorm
  508: 'dust', // sandstorm
  509: 'fog', // dense fog
  510: 'fog', // strong fog
  511: 'haze', // moderate haze
  512: 'haze',
  513: 'haze',
  514: 'fog', // heavy fog
  515: 'fog', // extra heavy fog
  800: 'moon', // new moon … 807 waning crescent
  801: 'moon',
  802: 'moon',
  803: 'moon',
  804: 'moon',
  805: 'moon',
  806: 'moon',
  807: 'moon',
  900: 'hot',
  901: 'cold',
  999: 'unknown',
};

/** The icon kind of a weather code; codes outside SPEC §3 are 'unknown'. */
export function weatherKind(code: number | null | undefined): WeatherKind {
  if (code === null || code === undefined) return 'unknown';
  return TABLE[code] ?? 'unknown';
}

/** Translation key of a kind's label. */
export function weatherLabelKey(kind: WeatherKind): string {
  return `stationDetail.weather.kind.${kind}`;
}
