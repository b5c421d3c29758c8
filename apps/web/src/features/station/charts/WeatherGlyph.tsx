import type { ReactElement } from 'react';
import type { WeatherKind } from './weatherIcons';

// Small line icons for the weather kinds, drawn here so no icon font or image has to load.

const SUN = (
  <g stroke="#fa8c16" strokeWidth="2" fill="#ffc53d">
    <circle cx="16" cy="16" r="6" />
    {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => (
      <line key={a} x1="16" y1="3" x2="16" y2="6" transform={`rotate(${a} 16 16)`} />
    ))}
  </g>
);
const MOON = (
  <path d="M20 5a11 11 0 1 0 7 17A9 9 0 0 1 20 5z" fill="#ffd666" stroke="#d4b106" strokeWidth="1.5" />
);
const SMALL_SUN = (
  <g stroke="#fa8c16" strokeWidth="1.5" fill="#ffc53d">
    <circle cx="11" cy="11" r="5" />
  </g>
);
const SMALL_MOON = (
  <path d="M13 4a7 7 0 1 0 4 11A6 6 0 0 1 13 4z" fill="#ffd666" stroke="#d4b106" strokeWidth="1.2" />
);
const CLOUD = (
  <path
    d="M9 24h15a5 5 0 0 0 0-10 7 7 0 0 0-13-1A5.5 5.5 0 0 0 9 24z"
    fill="#d9d9d9"
    stroke="#8c8c8c"
    strokeWidth="1.5"
  />
);
const HIGH_CLOUD = (
  <path
    d="M9 20h15a5 5 0 0 0 0-10 7 7 0 0 0-13-1A5.5 5.5 0 0 0 9 20z"
    fill="#d9d9d9"
    stroke="#8c8c8c"
    strokeWidth="1.5"
  />
);
const drops = (count: number, color = '#1677ff'): ReactElement => (
  <g stroke={color} strokeWidth="2" strokeLinecap="round">
    {Array.from({ length: count }, (_, i) => (
      <line key={i} x1={10 + i * 5} y1="23" x2={8 + i * 5} y2="28" />
    ))}
  </g>
);
const flakes = (
  <g fill="#69b1ff">
    {[10, 16, 22].map((x) => (
      <circle key={x} cx={x} cy="26" r="1.8" />
    ))}
  </g>
);
const BOLT = <path d="M17 20l-4 6h4l-2 5 6-7h-4l2-4z" fill="#fadb14" stroke="#d48806" strokeWidth="1" />;
const lines = (color: string): ReactElement => (
  <g stroke={color} strokeWidth="2" strokeLinecap="round">
    {[10, 16, 22].map((y, i) => (
      <line key={y} x1={5 + i * 2} y1={y} x2={27 - i * 2} y2={y} />
    ))}
  </g>
);
const THERMOMETER = (color: string): ReactElement => (
  <g stroke="#595959" strokeWidth="1.5">
    <rect x="13" y="4" width="6" height="18" rx="3" fill="#fff" />
    <circle cx="16" cy="24" r="5" fill={color} />
    <line x1="16" y1="12" x2="16" y2="22" stroke={color} strokeWidth="3" />
  </g>
);

const GLYPH: Record<WeatherKind, ReactElement> = {
  clear: SUN,
  clearNight: MOON,
  partlyCloudy: (
    <>
      {SMALL_SUN}
      {CLOUD}
    </>
  ),
  partlyCloudyNight: (
    <>
      {SMALL_MOON}
      {CLOUD}
    </>
  ),
  overcast: CLOUD,
  shower: (
    <>
      {SMALL_SUN}
      {HIGH_CLOUD}
      {drops(2)}
    </>
  ),
  thunder: (
    <>
      {HIGH_CLOUD}
      {BOLT}
    </>
  ),
  hail: (
    <>
      {HIGH_CLOUD}
      {flakes}
      {BOLT}
    </>
  ),
  rain: (
    <>
      {HIGH_CLOUD}
      {drops(2)}
    </>
  ),
  heavyRain: (
    <>
      {HIGH_CLOUD}
      {drops(4, '#0958d9')}
    </>
  ),
  freezingRain: (
    <>
      {HIGH_CLOUD}
      {drops(3, '#5cdbd3')}
    </>
  ),
  sleet: (
    <>
      {HIGH_CLOUD}
      {drops(1)}
      {flakes}
    </>
  ),
  snow: (
    <>
      {HIGH_CLOUD}
      {flakes}
    </>
  ),
  fog: lines('#8c8c8c'),
  haze: lines('#d4b106'),
  dust: lines('#ad6800'),
  moon: MOON,
  hot: THERMOMETER('#f5222d'),
  cold: THERMOMETER('#1677ff'),
  unknown: (
    <text x="16" y="22" textAnchor="middle" fontSize="16" fill="#8c8c8c">
      ?
    </text>
  ),
};

/** The icon of a weather kind; `label` is its accessible name. */
export function WeatherGlyph({
  kind,
  label,
  size = 32,
}: {
  kind: WeatherKind;
  label: string;
  size?: number;
}): ReactElement {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={label} data-weather={kind}>
      <title>{label}</title>
      {GLYPH[kind]}
    </svg>
  );
}
