// SunSpec battery event bits (model 802, Evt1) as alarm codes (SunSpecEventCodeBase.battery + bit). Most
// conditions come as an alarm bit (protection limit reached) and a warning bit (close to it): one text
// serves both, with a sentence saying which. Texts in CN, EN, DE, ITA: description, cause, handling.
import type { AlarmLevel } from '../protocol.js';
import { sunspecEventCode, texts, type BuiltInFaultCode, type TextTriple } from './types.js';

type Lang = 'cn' | 'en' | 'de' | 'ita';
type Texts = Record<Lang, TextTriple>;

const ALARM_SUFFIX: Record<Lang, string> = { cn: '告警', en: ' alarm', de: ' (Alarm)', ita: ' (allarme)' };
const WARNING_SUFFIX: Record<Lang, string> = {
  cn: '预警',
  en: ' warning',
  de: ' (Warnung)',
  ita: ' (avviso)',
};
const ALARM_LEAD: Record<Lang, string> = {
  cn: '已达到保护限值，电池管理系统限制或停止充放电。',
  en: 'The protection limit was reached; the battery management system limits or stops charging and discharging.',
  de: 'Die Schutzgrenze ist erreicht; das Batteriemanagement begrenzt oder stoppt Laden und Entladen.',
  ita: 'È stato raggiunto il limite di protezione; il sistema di gestione della batteria limita o ferma carica e scarica.',
};
const WARNING_LEAD: Record<Lang, string> = {
  cn: '已达到预警阈值，电池仍在工作，但已接近保护限值。',
  en: 'The warning threshold was reached; the battery still works but is close to its protection limit.',
  de: 'Die Warnschwelle ist erreicht; die Batterie arbeitet noch, ist aber nahe an der Schutzgrenze.',
  ita: 'È stata raggiunta la soglia di avviso; la batteria funziona ancora ma è vicina al limite di protezione.',
};
const joiner: Record<Lang, string> = { cn: '', en: ' ', de: ' ', ita: ' ' };

function variant(t: Texts, suffix: Record<Lang, string>, lead: Record<Lang, string>): Texts {
  const one = (lang: Lang): TextTriple => {
    const [name, cause, steps] = t[lang];
    return [`${name}${suffix[lang]}`, `${lead[lang]}${joiner[lang]}${cause}`, steps];
  };
  return { cn: one('cn'), en: one('en'), de: one('de'), ita: one('ita') };
}

const entry = (bit: number, level: AlarmLevel, t: Texts): BuiltInFaultCode => ({
  code: sunspecEventCode('battery', bit),
  level,
  deviceType: 'BATTERY',
  texts: texts(t.cn, t.en, t.de, t.ita),
});

/** An alarm bit (IMPORTANT) and its warning bit (COMMONLY) sharing one text. */
const pair = (alarmBit: number, warningBit: number, t: Texts): BuiltInFaultCode[] => [
  entry(alarmBit, 'IMPORTANT', variant(t, ALARM_SUFFIX, ALARM_LEAD)),
  entry(warningBit, 'COMMONLY', variant(t, WARNING_SUFFIX, WARNING_LEAD)),
];

const OVER_TEMP: Texts = {
  cn: [
    '电池过温',
    '电池温度过高（SunSpec OVER_TEMP）。常见原因：环境温度高、通风不良、大电流充放电。',
    ['检查电池温度曲线和环境温度。', '改善电池柜通风或降温。', '有异味或鼓包时立即断电并联系售后。'],
  ],
  en: [
    'Battery over-temperature',
    'The battery is too hot (SunSpec OVER_TEMP). Common causes: high ambient temperature, poor ventilation, high currents.',
    [
      'Check the battery temperature curve and the room temperature.',
      'Improve the ventilation or cooling of the battery cabinet.',
      'If there is a smell or swelling, switch off at once and contact service.',
    ],
  ],
  de: [
    'Batterie-Übertemperatur',
    'Die Batterie ist zu heiß (SunSpec OVER_TEMP). Häufige Ursachen: hohe Umgebungstemperatur, schlechte Belüftung, hohe Ströme.',
    [
      'Temperaturverlauf der Batterie und Raumtemperatur prüfen.',
      'Belüftung oder Kühlung des Batterieschranks verbessern.',
      'Bei Geruch oder Aufblähung sofort abschalten und den Service kontaktieren.',
    ],
  ],
  ita: [
    'Sovratemperatura batteria',
    'La batteria è troppo calda (SunSpec OVER_TEMP). Cause comuni: temperatura ambiente elevata, scarsa ventilazione, correnti elevate.',
    [
      'Controllare la curva di temperatura della batteria e la temperatura del locale.',
      "Migliorare ventilazione o raffreddamento dell'armadio batterie.",
      "In caso di odori o rigonfiamenti, spegnere subito e contattare l'assistenza.",
    ],
  ],
};
const UNDER_TEMP: Texts = {
  cn: [
    '电池低温',
    '电池温度过低（SunSpec UNDER_TEMP），低温下充电会损伤电芯。',
    ['检查环境温度和电池温度曲线。', '冬季为电池间采取保温或加热措施。', '温度回升后电池会自动恢复充电。'],
  ],
  en: [
    'Battery under-temperature',
    'The battery is too cold (SunSpec UNDER_TEMP); charging in the cold damages the cells.',
    [
      'Check the room temperature and the battery temperature curve.',
      'Insulate or heat the battery room in winter.',
      'The battery resumes charging by itself when it warms up.',
    ],
  ],
  de: [
    'Batterie-Untertemperatur',
    'Die Batterie ist zu kalt (SunSpec UNDER_TEMP); Laden bei Kälte schädigt die Zellen.',
    [
      'Raumtemperatur und Temperaturverlauf der Batterie prüfen.',
      'Den Batterieraum im Winter dämmen oder beheizen.',
      'Nach Erwärmung lädt die Batterie selbst wieder.',
    ],
  ],
  ita: [
    'Sottotemperatura batteria',
    'La batteria è troppo fredda (SunSpec UNDER_TEMP); caricarla al freddo danneggia le celle.',
    [
      'Controllare la temperatura del locale e la curva di temperatura della batteria.',
      "D'inverno isolare o riscaldare il locale batterie.",
      'Quando si scalda, la batteria riprende a caricare da sola.',
    ],
  ],
};
const OVER_CHARGE_CURRENT: Texts = {
  cn: [
    '充电过流',
    '充电电流超过电池允许值（SunSpec OVER_CHARGE_CURRENT）。常见原因：逆变器最大充电电流设置过高或电池型号设置错误。',
    ['核对逆变器中的最大充电电流和电池型号设置。', '检查电流采样是否正常。'],
  ],
  en: [
    'Charge overcurrent',
    'The charge current is above what the battery allows (SunSpec OVER_CHARGE_CURRENT). Common causes: a too high maximum charge current or a wrong battery type set in the inverter.',
    [
      'Check the maximum charge current and battery type set in the inverter.',
      'Check that the current measurement is plausible.',
    ],
  ],
  de: [
    'Ladeüberstrom',
    'Der Ladestrom liegt über dem für die Batterie zulässigen Wert (SunSpec OVER_CHARGE_CURRENT). Häufige Ursachen: zu hoher maximaler Ladestrom oder falscher Batterietyp im Wechselrichter.',
    [
      'Maximalen Ladestrom und Batterietyp im Wechselrichter prüfen.',
      'Strommessung auf Plausibilität prüfen.',
    ],
  ],
  ita: [
    'Sovracorrente di carica',
    "La corrente di carica supera quanto ammesso dalla batteria (SunSpec OVER_CHARGE_CURRENT). Cause comuni: corrente massima di carica troppo alta o tipo di batteria errato nell'inverter.",
    [
      "Controllare corrente massima di carica e tipo di batteria impostati nell'inverter.",
      'Verificare che la misura di corrente sia plausibile.',
    ],
  ],
};
const OVER_DISCHARGE_CURRENT: Texts = {
  cn: [
    '放电过流',
    '放电电流超过电池允许值（SunSpec OVER_DISCHARGE_CURRENT）。常见原因：负载过大或最大放电电流设置过高。',
    ['检查离网或自发自用时的负载功率。', '核对逆变器中的最大放电电流设置。'],
  ],
  en: [
    'Discharge overcurrent',
    'The discharge current is above what the battery allows (SunSpec OVER_DISCHARGE_CURRENT). Common causes: too much load or a too high maximum discharge current setting.',
    [
      'Check the load during backup or self-consumption.',
      'Check the maximum discharge current set in the inverter.',
    ],
  ],
  de: [
    'Entladeüberstrom',
    'Der Entladestrom liegt über dem für die Batterie zulässigen Wert (SunSpec OVER_DISCHARGE_CURRENT). Häufige Ursachen: zu hohe Last oder zu hoch eingestellter maximaler Entladestrom.',
    [
      'Last im Notstrom- oder Eigenverbrauchsbetrieb prüfen.',
      'Maximalen Entladestrom im Wechselrichter prüfen.',
    ],
  ],
  ita: [
    'Sovracorrente di scarica',
    'La corrente di scarica supera quanto ammesso dalla batteria (SunSpec OVER_DISCHARGE_CURRENT). Cause comuni: carico eccessivo o corrente massima di scarica impostata troppo alta.',
    [
      'Controllare il carico in backup o in autoconsumo.',
      "Controllare la corrente massima di scarica impostata nell'inverter.",
    ],
  ],
};
const OVER_VOLT: Texts = {
  cn: [
    '电池过压',
    '电池或单体电压过高（SunSpec OVER_VOLT）。常见原因：充电电压设置过高、电芯不均衡。',
    ['核对充电电压设置和电池型号。', '查看单体电压，必要时进行均衡。', '持续出现时联系售后。'],
  ],
  en: [
    'Battery overvoltage',
    'The battery or a cell voltage is too high (SunSpec OVER_VOLT). Common causes: a too high charge voltage setting or unbalanced cells.',
    [
      'Check the charge voltage setting and battery type.',
      'Look at the cell voltages and balance the cells if needed.',
      'If it persists, contact service.',
    ],
  ],
  de: [
    'Batterie-Überspannung',
    'Die Batterie- oder eine Zellspannung ist zu hoch (SunSpec OVER_VOLT). Häufige Ursachen: zu hohe Ladespannung oder unausgeglichene Zellen.',
    [
      'Ladespannung und Batterietyp prüfen.',
      'Zellspannungen ansehen und bei Bedarf ausgleichen.',
      'Bleibt es bestehen, den Service kontaktieren.',
    ],
  ],
  ita: [
    'Sovratensione batteria',
    'La tensione della batteria o di una cella è troppo alta (SunSpec OVER_VOLT). Cause comuni: tensione di carica impostata troppo alta o celle sbilanciate.',
    [
      'Controllare la tensione di carica e il tipo di batteria impostati.',
      'Osservare le tensioni di cella ed eseguire il bilanciamento se necessario.',
      "Se persiste, contattare l'assistenza.",
    ],
  ],
};
const UNDER_VOLT: Texts = {
  cn: [
    '电池欠压',
    '电池或单体电压过低（SunSpec UNDER_VOLT），通常因深度放电或长期未充电。',
    ['尽快为电池充电（光伏或电网充电）。', '检查放电截止电压和最低SOC设置。', '电压无法恢复时联系售后。'],
  ],
  en: [
    'Battery undervoltage',
    'The battery or a cell voltage is too low (SunSpec UNDER_VOLT), usually after a deep discharge or a long time without charging.',
    [
      'Charge the battery soon (from PV or the grid).',
      'Check the discharge cut-off voltage and minimum SOC settings.',
      'If the voltage does not recover, contact service.',
    ],
  ],
  de: [
    'Batterie-Unterspannung',
    'Die Batterie- oder eine Zellspannung ist zu niedrig (SunSpec UNDER_VOLT), meist nach Tiefentladung oder langer Zeit ohne Ladung.',
    [
      'Batterie bald laden (aus PV oder Netz).',
      'Entladeschlussspannung und minimalen Ladezustand prüfen.',
      'Erholt sich die Spannung nicht, den Service kontaktieren.',
    ],
  ],
  ita: [
    'Sottotensione batteria',
    'La tensione della batteria o di una cella è troppo bassa (SunSpec UNDER_VOLT), di solito dopo una scarica profonda o un lungo periodo senza carica.',
    [
      'Caricare presto la batteria (da FV o da rete).',
      'Controllare tensione di fine scarica e SOC minimo impostati.',
      "Se la tensione non si riprende, contattare l'assistenza.",
    ],
  ],
};
const UNDER_SOC: Texts = {
  cn: [
    '电量低于下限',
    '电池荷电状态（SOC）低于设定的最小值（SunSpec UNDER_SOC_MIN）。',
    ['检查最低SOC和备电保留设置。', '需要时启用电网补充充电。'],
  ],
  en: [
    'State of charge below minimum',
    'The state of charge (SOC) is below the set minimum (SunSpec UNDER_SOC_MIN).',
    ['Check the minimum SOC and backup reserve settings.', 'Enable charging from the grid if needed.'],
  ],
  de: [
    'Ladezustand unter Minimum',
    'Der Ladezustand (SOC) liegt unter dem eingestellten Minimum (SunSpec UNDER_SOC_MIN).',
    ['Minimalen Ladezustand und Notstromreserve prüfen.', 'Bei Bedarf Nachladen aus dem Netz aktivieren.'],
  ],
  ita: [
    'Stato di carica sotto il minimo',
    'Lo stato di carica (SOC) è sotto il minimo impostato (SunSpec UNDER_SOC_MIN).',
    ['Controllare SOC minimo e riserva di backup impostati.', 'Se necessario, abilitare la carica da rete.'],
  ],
};
const OVER_SOC: Texts = {
  cn: [
    '电量高于上限',
    '电池荷电状态（SOC）高于设定的最大值（SunSpec OVER_SOC_MAX），可能是SOC校准偏差或充电未及时停止。',
    ['检查最大SOC设置。', '进行一次完整充放电以校准SOC。'],
  ],
  en: [
    'State of charge above maximum',
    'The state of charge (SOC) is above the set maximum (SunSpec OVER_SOC_MAX): an SOC calibration drift or charging that did not stop in time.',
    ['Check the maximum SOC setting.', 'Run one full charge and discharge cycle to recalibrate the SOC.'],
  ],
  de: [
    'Ladezustand über Maximum',
    'Der Ladezustand (SOC) liegt über dem eingestellten Maximum (SunSpec OVER_SOC_MAX): SOC-Kalibrierung abgewichen oder Laden nicht rechtzeitig beendet.',
    [
      'Maximalen Ladezustand prüfen.',
      'Einen vollständigen Lade- und Entladezyklus zur SOC-Kalibrierung durchführen.',
    ],
  ],
  ita: [
    'Stato di carica sopra il massimo',
    'Lo stato di carica (SOC) supera il massimo impostato (SunSpec OVER_SOC_MAX): deriva della calibrazione SOC o carica non interrotta in tempo.',
    [
      'Controllare il SOC massimo impostato.',
      'Eseguire un ciclo completo di carica e scarica per ricalibrare il SOC.',
    ],
  ],
};
const TEMP_IMBALANCE: Texts = {
  cn: [
    '温度不均衡',
    '电池模块之间温差过大（SunSpec TEMPERATURE_IMBALANCE），可能是局部散热不良或模块故障。',
    ['检查各模块温度和风道。', '排除局部受热（阳光、热源）。', '持续出现时联系售后检查模块。'],
  ],
  en: [
    'Temperature imbalance',
    'The temperature difference between battery modules is too large (SunSpec TEMPERATURE_IMBALANCE): poor local cooling or a faulty module.',
    [
      'Check the module temperatures and air paths.',
      'Rule out local heating (sun, heat sources).',
      'If it persists, contact service to check the modules.',
    ],
  ],
  de: [
    'Temperaturungleichgewicht',
    'Der Temperaturunterschied zwischen Batteriemodulen ist zu groß (SunSpec TEMPERATURE_IMBALANCE): örtlich schlechte Kühlung oder defektes Modul.',
    [
      'Modultemperaturen und Luftwege prüfen.',
      'Örtliche Erwärmung (Sonne, Wärmequellen) ausschließen.',
      'Bleibt es bestehen, die Module vom Service prüfen lassen.',
    ],
  ],
  ita: [
    'Squilibrio di temperatura',
    'La differenza di temperatura tra i moduli batteria è eccessiva (SunSpec TEMPERATURE_IMBALANCE): raffreddamento locale insufficiente o modulo guasto.',
    [
      'Controllare le temperature dei moduli e le vie d’aria.',
      'Escludere riscaldamenti locali (sole, fonti di calore).',
      "Se persiste, far controllare i moduli dall'assistenza.",
    ],
  ],
};
const OTHER: Texts = {
  cn: [
    '电池其他故障',
    '电池管理系统报告了未单独分类的故障（SunSpec OTHER）。',
    ['在电池本地界面或厂商软件中查看详细故障码。', '按厂商手册处理或联系售后。'],
  ],
  en: [
    'Other battery fault',
    'The battery management system reports a condition without its own category (SunSpec OTHER).',
    [
      'Read the detailed fault code on the battery display or in the vendor software.',
      'Follow the vendor manual or contact service.',
    ],
  ],
  de: [
    'Sonstiger Batteriefehler',
    'Das Batteriemanagement meldet einen Zustand ohne eigene Kategorie (SunSpec OTHER).',
    [
      'Detaillierten Fehlercode an der Batterieanzeige oder in der Herstellersoftware ablesen.',
      'Nach Herstellerhandbuch vorgehen oder den Service kontaktieren.',
    ],
  ],
  ita: [
    'Altro guasto batteria',
    'Il sistema di gestione della batteria segnala una condizione senza categoria propria (SunSpec OTHER).',
    [
      'Leggere il codice di guasto dettagliato sul display della batteria o nel software del produttore.',
      "Seguire il manuale del produttore o contattare l'assistenza.",
    ],
  ],
};
const CONFIGURATION: Texts = {
  cn: [
    '配置错误',
    '电池或逆变器中的配置不一致或无效（SunSpec CONFIGURATION），例如电池型号、模块数量或电压范围设置错误。',
    [
      '核对逆变器中的电池型号、模块数量和通讯协议。',
      '核对电池模块的地址和拨码设置。',
      '修改后重启电池系统。',
    ],
  ],
  en: [
    'Configuration error',
    'The configuration of the battery or the inverter is inconsistent or invalid (SunSpec CONFIGURATION), e.g. a wrong battery type, module count or voltage range.',
    [
      'Check the battery type, module count and protocol set in the inverter.',
      'Check the address and DIP switch settings of the battery modules.',
      'Restart the battery system after correcting them.',
    ],
  ],
  de: [
    'Konfigurationsfehler',
    'Die Konfiguration von Batterie oder Wechselrichter ist widersprüchlich oder ungültig (SunSpec CONFIGURATION), z. B. falscher Batterietyp, Modulanzahl oder Spannungsbereich.',
    [
      'Batterietyp, Modulanzahl und Protokoll im Wechselrichter prüfen.',
      'Adress- und DIP-Schalter der Batteriemodule prüfen.',
      'Nach der Korrektur das Batteriesystem neu starten.',
    ],
  ],
  ita: [
    'Errore di configurazione',
    "La configurazione della batteria o dell'inverter è incoerente o non valida (SunSpec CONFIGURATION), ad esempio tipo di batteria, numero di moduli o intervallo di tensione errati.",
    [
      "Controllare tipo di batteria, numero di moduli e protocollo impostati nell'inverter.",
      'Controllare indirizzi e DIP switch dei moduli batteria.',
      'Dopo la correzione riavviare il sistema batteria.',
    ],
  ],
};

export const SUNSPEC_BATTERY_FAULT_CODES: readonly BuiltInFaultCode[] = [
  entry(0, 'IMPORTANT', {
    cn: [
      '电池通讯错误',
      '电池内部或与控制器之间的通讯出错（SunSpec COMMUNICATION_ERROR）。',
      ['检查电池模块之间及与逆变器之间的通讯线。', '核对终端电阻和地址设置。', '重启电池系统。'],
    ],
    en: [
      'Battery communication error',
      'Communication inside the battery or with its controller failed (SunSpec COMMUNICATION_ERROR).',
      [
        'Check the communication cables between the battery modules and to the inverter.',
        'Check the termination and address settings.',
        'Restart the battery system.',
      ],
    ],
    de: [
      'Batterie-Kommunikationsfehler',
      'Die Kommunikation in der Batterie oder mit ihrer Steuerung ist fehlgeschlagen (SunSpec COMMUNICATION_ERROR).',
      [
        'Kommunikationskabel zwischen den Batteriemodulen und zum Wechselrichter prüfen.',
        'Abschluss- und Adresseinstellungen prüfen.',
        'Batteriesystem neu starten.',
      ],
    ],
    ita: [
      'Errore di comunicazione batteria',
      'La comunicazione interna alla batteria o con il suo controllore è fallita (SunSpec COMMUNICATION_ERROR).',
      [
        "Controllare i cavi di comunicazione tra i moduli batteria e verso l'inverter.",
        'Controllare terminazione e indirizzi.',
        'Riavviare il sistema batteria.',
      ],
    ],
  }),
  ...pair(1, 2, OVER_TEMP),
  ...pair(3, 4, UNDER_TEMP),
  ...pair(5, 6, OVER_CHARGE_CURRENT),
  ...pair(7, 8, OVER_DISCHARGE_CURRENT),
  ...pair(9, 10, OVER_VOLT),
  ...pair(11, 12, UNDER_VOLT),
  ...pair(13, 14, UNDER_SOC),
  ...pair(15, 16, OVER_SOC),
  entry(17, 'COMMONLY', {
    cn: [
      '电压不均衡预警',
      '电芯或模块之间电压差过大（SunSpec VOLTAGE_IMBALANCE_WARNING），可用容量下降。',
      ['查看单体电压分布。', '执行均衡充电或让电池充满静置。', '持续出现时联系售后检查电芯。'],
    ],
    en: [
      'Voltage imbalance warning',
      'The voltage difference between cells or modules is too large (SunSpec VOLTAGE_IMBALANCE_WARNING); usable capacity drops.',
      [
        'Look at the distribution of the cell voltages.',
        'Run a balancing charge or let the battery rest fully charged.',
        'If it persists, contact service to check the cells.',
      ],
    ],
    de: [
      'Spannungsungleichgewicht (Warnung)',
      'Der Spannungsunterschied zwischen Zellen oder Modulen ist zu groß (SunSpec VOLTAGE_IMBALANCE_WARNING); die nutzbare Kapazität sinkt.',
      [
        'Verteilung der Zellspannungen ansehen.',
        'Ausgleichsladung durchführen oder die Batterie voll geladen ruhen lassen.',
        'Bleibt es bestehen, die Zellen vom Service prüfen lassen.',
      ],
    ],
    ita: [
      'Squilibrio di tensione (avviso)',
      'La differenza di tensione tra celle o moduli è eccessiva (SunSpec VOLTAGE_IMBALANCE_WARNING); la capacità utile diminuisce.',
      [
        'Osservare la distribuzione delle tensioni di cella.',
        'Eseguire una carica di bilanciamento o lasciare riposare la batteria carica.',
        "Se persiste, far controllare le celle dall'assistenza.",
      ],
    ],
  }),
  ...pair(18, 19, TEMP_IMBALANCE),
  entry(20, 'URGENT', {
    cn: [
      '接触器故障',
      '电池主接触器无法正常闭合或断开（SunSpec CONTACTOR_ERROR），电池无法接入或无法安全断开。',
      ['立即停止使用电池并断开直流开关。', '联系售后检查接触器和驱动电路。'],
    ],
    en: [
      'Contactor error',
      'The main battery contactor does not close or open properly (SunSpec CONTACTOR_ERROR); the battery cannot connect or cannot disconnect safely.',
      [
        'Stop using the battery and open the DC switch.',
        'Contact service to check the contactor and its drive circuit.',
      ],
    ],
    de: [
      'Schützfehler',
      'Das Hauptschütz der Batterie schließt oder öffnet nicht richtig (SunSpec CONTACTOR_ERROR); die Batterie kann nicht zuschalten oder nicht sicher trennen.',
      [
        'Batterie nicht weiter nutzen und den DC-Schalter öffnen.',
        'Schütz und Ansteuerung vom Service prüfen lassen.',
      ],
    ],
    ita: [
      'Guasto contattore',
      'Il contattore principale della batteria non si chiude o non si apre correttamente (SunSpec CONTACTOR_ERROR); la batteria non può collegarsi o scollegarsi in sicurezza.',
      [
        'Smettere di usare la batteria e aprire il sezionatore CC.',
        "Far controllare contattore e circuito di comando dall'assistenza.",
      ],
    ],
  }),
  entry(21, 'COMMONLY', {
    cn: [
      '电池风扇故障',
      '电池柜散热风扇故障（SunSpec FAN_ERROR），可能导致过温。',
      ['检查风扇是否被堵塞或积尘。', '检查风扇接线，必要时更换风扇。'],
    ],
    en: [
      'Battery fan error',
      'A cooling fan of the battery cabinet failed (SunSpec FAN_ERROR), which may lead to over-temperature.',
      ['Check the fan for blockage or dust.', 'Check the fan wiring and replace the fan if needed.'],
    ],
    de: [
      'Batterie-Lüfterfehler',
      'Ein Lüfter des Batterieschranks ist ausgefallen (SunSpec FAN_ERROR), was zu Übertemperatur führen kann.',
      [
        'Lüfter auf Blockierung oder Staub prüfen.',
        'Lüfterverkabelung prüfen und den Lüfter bei Bedarf ersetzen.',
      ],
    ],
    ita: [
      'Guasto ventola batteria',
      "Una ventola di raffreddamento dell'armadio batterie è guasta (SunSpec FAN_ERROR), con rischio di sovratemperatura.",
      [
        'Controllare la ventola per ostruzioni o polvere.',
        'Controllare il cablaggio e sostituire la ventola se necessario.',
      ],
    ],
  }),
  entry(22, 'URGENT', {
    cn: [
      '电池接地故障',
      '电池系统对地绝缘故障（SunSpec GROUND_FAULT），存在触电风险。',
      [
        '注意安全，只能由有资质的人员处理。',
        '断开电池，测量正负极对地绝缘，找出故障点。',
        '修复后再重新投入运行。',
      ],
    ],
    en: [
      'Battery ground fault',
      'The battery system has an insulation fault to earth (SunSpec GROUND_FAULT); there is a risk of electric shock.',
      [
        'Safety first: only qualified staff may work on it.',
        'Disconnect the battery and measure the insulation of both poles to earth to find the fault.',
        'Put it back in service only after the repair.',
      ],
    ],
    de: [
      'Batterie-Erdschluss',
      'Das Batteriesystem hat einen Isolationsfehler gegen Erde (SunSpec GROUND_FAULT); es besteht Stromschlaggefahr.',
      [
        'Sicherheit zuerst: nur Fachpersonal darf daran arbeiten.',
        'Batterie trennen und Isolation beider Pole gegen Erde messen, um den Fehler zu finden.',
        'Erst nach der Reparatur wieder in Betrieb nehmen.',
      ],
    ],
    ita: [
      'Guasto verso terra batteria',
      'Il sistema batteria ha un guasto di isolamento verso terra (SunSpec GROUND_FAULT); c’è rischio di scossa elettrica.',
      [
        'Sicurezza prima di tutto: intervenga solo personale qualificato.',
        "Scollegare la batteria e misurare l'isolamento verso terra di entrambi i poli per trovare il guasto.",
        'Rimettere in servizio solo dopo la riparazione.',
      ],
    ],
  }),
  entry(23, 'PROMPT', {
    cn: [
      '电池柜门打开',
      '电池柜门被打开（SunSpec OPEN_DOOR_ERROR），部分系统会因此停止运行。',
      ['确认是否为授权的维护操作。', '维护结束后关好柜门。'],
    ],
    en: [
      'Battery door open',
      'The battery cabinet door is open (SunSpec OPEN_DOOR_ERROR); some systems stop until it is closed.',
      ['Check whether this is authorised maintenance.', 'Close the door afterwards.'],
    ],
    de: [
      'Batterietür offen',
      'Die Tür des Batterieschranks ist offen (SunSpec OPEN_DOOR_ERROR); manche Systeme stoppen, bis sie geschlossen ist.',
      ['Prüfen, ob es sich um eine genehmigte Wartung handelt.', 'Danach die Tür schließen.'],
    ],
    ita: [
      'Porta batteria aperta',
      "La porta dell'armadio batterie è aperta (SunSpec OPEN_DOOR_ERROR); alcuni sistemi si fermano finché non viene chiusa.",
      ['Verificare se si tratta di una manutenzione autorizzata.', 'Al termine chiudere la porta.'],
    ],
  }),
  entry(24, 'COMMONLY', {
    cn: [
      '电流不均衡预警',
      '并联电池簇或模块之间电流差过大（SunSpec CURRENT_IMBALANCE_WARNING），可能是连接电阻不同或模块老化不一致。',
      ['检查各簇的直流连接是否紧固。', '比较各簇电压和SOC。', '持续出现时联系售后。'],
    ],
    en: [
      'Current imbalance warning',
      'The current differs too much between parallel battery strings or modules (SunSpec CURRENT_IMBALANCE_WARNING): unequal connection resistance or unequal ageing.',
      [
        'Check that the DC connections of each string are tight.',
        'Compare the voltage and SOC of the strings.',
        'If it persists, contact service.',
      ],
    ],
    de: [
      'Stromungleichgewicht (Warnung)',
      'Der Strom unterscheidet sich zu stark zwischen parallelen Batteriesträngen oder Modulen (SunSpec CURRENT_IMBALANCE_WARNING): ungleiche Übergangswiderstände oder ungleiche Alterung.',
      [
        'DC-Verbindungen jedes Strangs auf festen Sitz prüfen.',
        'Spannung und Ladezustand der Stränge vergleichen.',
        'Bleibt es bestehen, den Service kontaktieren.',
      ],
    ],
    ita: [
      'Squilibrio di corrente (avviso)',
      'La corrente differisce troppo tra stringhe o moduli batteria in parallelo (SunSpec CURRENT_IMBALANCE_WARNING): resistenze di collegamento o invecchiamento diversi.',
      [
        'Verificare il serraggio dei collegamenti CC di ogni stringa.',
        'Confrontare tensione e SOC delle stringhe.',
        "Se persiste, contattare l'assistenza.",
      ],
    ],
  }),
  ...pair(25, 26, OTHER),
  ...pair(28, 29, CONFIGURATION),
];
