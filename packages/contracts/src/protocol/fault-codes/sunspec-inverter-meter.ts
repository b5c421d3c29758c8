// SunSpec event bits of inverters (models 101–103, Evt1) and meters (models 201–204, Evt) as alarm codes
// (SunSpecEventCodeBase + bit). Texts in CN, EN, DE, ITA: description, cause, handling steps.
import type { AlarmLevel } from '../protocol.js';
import { sunspecEventCode, texts, type BuiltInFaultCode, type TextTriple } from './types.js';

type Row = [bit: number, level: AlarmLevel, cn: TextTriple, en: TextTriple, de: TextTriple, ita: TextTriple];

const INVERTER_EVT1: Row[] = [
  [
    0,
    'URGENT',
    [
      '接地故障',
      '逆变器检测到直流或交流侧对地漏电流或接地故障（SunSpec GROUND_FAULT），已停止运行。',
      [
        '注意安全，只能由有资质的人员处理。',
        '测量各组串和交流线缆的对地绝缘，找出故障点。',
        '修复破损的线缆、组件或接头后再重新启动。',
      ],
    ],
    [
      'Ground fault',
      'The inverter detected a leakage current or an earth fault on the DC or AC side (SunSpec GROUND_FAULT) and stopped.',
      [
        'Safety first: only qualified staff may work on it.',
        'Measure the insulation of each string and the AC cable to earth to find the fault.',
        'Repair damaged cables, modules or connectors before restarting.',
      ],
    ],
    [
      'Erdschluss',
      'Der Wechselrichter hat einen Fehlerstrom oder Erdschluss auf der DC- oder AC-Seite erkannt (SunSpec GROUND_FAULT) und sich abgeschaltet.',
      [
        'Sicherheit zuerst: nur Fachpersonal darf daran arbeiten.',
        'Isolation jedes Strings und der AC-Leitung gegen Erde messen, um den Fehler zu finden.',
        'Beschädigte Leitungen, Module oder Stecker vor dem Wiedereinschalten instand setzen.',
      ],
    ],
    [
      'Guasto verso terra',
      "L'inverter ha rilevato una corrente di dispersione o un guasto verso terra sul lato CC o CA (SunSpec GROUND_FAULT) e si è fermato.",
      [
        'Sicurezza prima di tutto: intervenga solo personale qualificato.',
        "Misurare l'isolamento verso terra di ogni stringa e del cavo CA per trovare il guasto.",
        'Riparare cavi, moduli o connettori danneggiati prima di riavviare.',
      ],
    ],
  ],
  [
    1,
    'IMPORTANT',
    [
      '直流过压',
      '光伏输入电压超过逆变器允许的最大直流电压（SunSpec DC_OVER_VOLT），通常因组串串联组件过多或低温下开路电压升高。',
      [
        '立即断开直流开关，避免损坏逆变器。',
        '核对组串组件数量和最低温度下的开路电压。',
        '减少每串组件数量，使开路电压低于逆变器上限。',
      ],
    ],
    [
      'DC overvoltage',
      'The PV input voltage is above the maximum DC voltage of the inverter (SunSpec DC_OVER_VOLT), usually because a string has too many modules or the open-circuit voltage rises in the cold.',
      [
        'Open the DC switch at once to avoid damage to the inverter.',
        'Check the number of modules per string and the open-circuit voltage at the lowest temperature.',
        'Shorten the strings so that the open-circuit voltage stays below the inverter limit.',
      ],
    ],
    [
      'DC-Überspannung',
      'Die PV-Eingangsspannung liegt über der maximalen DC-Spannung des Wechselrichters (SunSpec DC_OVER_VOLT), meist weil ein String zu viele Module hat oder die Leerlaufspannung bei Kälte steigt.',
      [
        'Sofort den DC-Trennschalter öffnen, um Schäden am Wechselrichter zu vermeiden.',
        'Modulanzahl je String und Leerlaufspannung bei tiefster Temperatur prüfen.',
        'Strings verkürzen, bis die Leerlaufspannung unter der Grenze des Wechselrichters bleibt.',
      ],
    ],
    [
      'Sovratensione CC',
      "La tensione d'ingresso FV supera la tensione CC massima dell'inverter (SunSpec DC_OVER_VOLT), di solito perché una stringa ha troppi moduli o la tensione a vuoto aumenta con il freddo.",
      [
        "Aprire subito il sezionatore CC per evitare danni all'inverter.",
        'Verificare il numero di moduli per stringa e la tensione a vuoto alla temperatura minima.',
        "Accorciare le stringhe finché la tensione a vuoto resta sotto il limite dell'inverter.",
      ],
    ],
  ],
  [
    2,
    'COMMONLY',
    [
      '交流断开',
      '逆变器交流侧开关处于断开状态（SunSpec AC_DISCONNECT），无法并网发电。',
      ['确认是否有人为维护而断开交流开关。', '维护结束后闭合交流开关，确认逆变器恢复并网。'],
    ],
    [
      'AC disconnect open',
      'The AC disconnect of the inverter is open (SunSpec AC_DISCONNECT), so it cannot feed in.',
      [
        'Check whether someone opened the AC switch for maintenance.',
        'Close the AC switch after maintenance and check that the inverter feeds in again.',
      ],
    ],
    [
      'AC-Trennschalter offen',
      'Der AC-Trennschalter des Wechselrichters ist offen (SunSpec AC_DISCONNECT), daher kann er nicht einspeisen.',
      [
        'Prüfen, ob der AC-Schalter für Wartungsarbeiten geöffnet wurde.',
        'Nach der Wartung den AC-Schalter schließen und prüfen, ob der Wechselrichter wieder einspeist.',
      ],
    ],
    [
      'Sezionatore CA aperto',
      "Il sezionatore CA dell'inverter è aperto (SunSpec AC_DISCONNECT), quindi non può immettere in rete.",
      [
        'Verificare se qualcuno ha aperto il sezionatore CA per manutenzione.',
        "Chiudere il sezionatore dopo la manutenzione e verificare che l'inverter torni a immettere.",
      ],
    ],
  ],
  [
    3,
    'COMMONLY',
    [
      '直流断开',
      '逆变器直流侧开关处于断开状态（SunSpec DC_DISCONNECT），光伏输入被切断。',
      ['确认是否有人为维护而断开直流开关。', '维护结束后闭合直流开关，确认各路输入电压正常。'],
    ],
    [
      'DC disconnect open',
      'The DC disconnect of the inverter is open (SunSpec DC_DISCONNECT), so the PV input is cut off.',
      [
        'Check whether someone opened the DC switch for maintenance.',
        'Close the DC switch after maintenance and check the input voltages.',
      ],
    ],
    [
      'DC-Trennschalter offen',
      'Der DC-Trennschalter des Wechselrichters ist offen (SunSpec DC_DISCONNECT), der PV-Eingang ist getrennt.',
      [
        'Prüfen, ob der DC-Schalter für Wartungsarbeiten geöffnet wurde.',
        'Nach der Wartung den DC-Schalter schließen und die Eingangsspannungen prüfen.',
      ],
    ],
    [
      'Sezionatore CC aperto',
      "Il sezionatore CC dell'inverter è aperto (SunSpec DC_DISCONNECT), l'ingresso FV è scollegato.",
      [
        'Verificare se qualcuno ha aperto il sezionatore CC per manutenzione.',
        "Chiudere il sezionatore dopo la manutenzione e controllare le tensioni d'ingresso.",
      ],
    ],
  ],
  [
    4,
    'IMPORTANT',
    [
      '电网断开',
      '逆变器因电网异常与电网断开（SunSpec GRID_DISCONNECT），例如停电、电网保护动作或孤岛检测。',
      [
        '查看同时段的电网电压、频率告警。',
        '检查并网开关和保护装置状态。',
        '电网恢复后确认逆变器自动重新并网。',
      ],
    ],
    [
      'Grid disconnect',
      'The inverter disconnected from the grid because of a grid problem (SunSpec GRID_DISCONNECT), such as a power cut, a grid protection trip or anti-islanding.',
      [
        'Look for grid voltage or frequency alarms at the same time.',
        'Check the grid switch and the protection relays.',
        'When the grid is back, check that the inverter reconnected by itself.',
      ],
    ],
    [
      'Netztrennung',
      'Der Wechselrichter hat sich wegen eines Netzproblems vom Netz getrennt (SunSpec GRID_DISCONNECT), z. B. Stromausfall, Auslösung des Netzschutzes oder Inselnetzerkennung.',
      [
        'Nach gleichzeitigen Meldungen zu Netzspannung oder -frequenz suchen.',
        'Netztrennschalter und Schutzrelais prüfen.',
        'Nach Netzrückkehr prüfen, ob sich der Wechselrichter selbst wieder verbunden hat.',
      ],
    ],
    [
      'Distacco dalla rete',
      "L'inverter si è scollegato dalla rete per un problema di rete (SunSpec GRID_DISCONNECT), ad esempio blackout, intervento della protezione di interfaccia o anti-isola.",
      [
        'Cercare allarmi contemporanei di tensione o frequenza di rete.',
        'Controllare il sezionatore di rete e i relè di protezione.',
        "Al ritorno della rete, verificare che l'inverter si sia ricollegato da solo.",
      ],
    ],
  ],
  [
    5,
    'PROMPT',
    [
      '机柜门打开',
      '逆变器或配电柜门被打开（SunSpec CABINET_OPEN）。',
      ['确认是否为授权的维护操作。', '维护结束后关好并锁闭柜门，防止进水和未经授权的接触。'],
    ],
    [
      'Cabinet open',
      'The inverter or cabinet door is open (SunSpec CABINET_OPEN).',
      [
        'Check whether this is authorised maintenance.',
        'Close and lock the door afterwards to keep out water and unauthorised access.',
      ],
    ],
    [
      'Gehäuse offen',
      'Die Tür des Wechselrichters oder Schaltschranks ist offen (SunSpec CABINET_OPEN).',
      [
        'Prüfen, ob es sich um eine genehmigte Wartung handelt.',
        'Danach die Tür schließen und verriegeln, um Wasser und unbefugten Zugriff fernzuhalten.',
      ],
    ],
    [
      'Armadio aperto',
      "La porta dell'inverter o dell'armadio è aperta (SunSpec CABINET_OPEN).",
      [
        'Verificare se si tratta di una manutenzione autorizzata.',
        'Al termine chiudere e bloccare la porta per evitare acqua e accessi non autorizzati.',
      ],
    ],
  ],
  [
    6,
    'PROMPT',
    [
      '手动关机',
      '逆变器被手动关机（SunSpec MANUAL_SHUTDOWN），可能来自本地操作或远程指令。',
      ['在操作日志中确认是谁、何时下达的关机指令。', '如需恢复发电，通过本地面板或远程开机。'],
    ],
    [
      'Manual shutdown',
      'The inverter was shut down by hand (SunSpec MANUAL_SHUTDOWN), locally or by a remote command.',
      [
        'Check the log for who sent the shutdown and when.',
        'To produce again, switch the inverter on locally or by a remote command.',
      ],
    ],
    [
      'Manuelle Abschaltung',
      'Der Wechselrichter wurde von Hand abgeschaltet (SunSpec MANUAL_SHUTDOWN), vor Ort oder per Fernbefehl.',
      [
        'Im Protokoll prüfen, wer die Abschaltung wann ausgelöst hat.',
        'Zum Wiedereinschalten den Wechselrichter vor Ort oder per Fernbefehl einschalten.',
      ],
    ],
    [
      'Spegnimento manuale',
      "L'inverter è stato spento manualmente (SunSpec MANUAL_SHUTDOWN), in locale o con un comando remoto.",
      [
        'Controllare nel registro chi ha inviato lo spegnimento e quando.',
        "Per tornare a produrre, accendere l'inverter in locale o con un comando remoto.",
      ],
    ],
  ],
  [
    7,
    'IMPORTANT',
    [
      '过温',
      '逆变器内部温度超过保护限值（SunSpec OVER_TEMP），已降额或停机。常见原因：环境温度高、散热不良、风扇故障。',
      ['检查散热片和风道是否堵塞，清理灰尘。', '检查风扇运行情况。', '改善通风或加装遮阳。'],
    ],
    [
      'Over-temperature',
      'The inside temperature of the inverter is above its protection limit (SunSpec OVER_TEMP); it derated or stopped. Common causes: high ambient temperature, poor cooling, a failed fan.',
      [
        'Check the heat sink and air paths for blockage and clean off dust.',
        'Check that the fans run.',
        'Improve ventilation or add a sun shade.',
      ],
    ],
    [
      'Übertemperatur',
      'Die Innentemperatur des Wechselrichters liegt über der Schutzgrenze (SunSpec OVER_TEMP); er hat reduziert oder abgeschaltet. Häufige Ursachen: hohe Umgebungstemperatur, schlechte Kühlung, defekter Lüfter.',
      [
        'Kühlkörper und Luftwege auf Verstopfung prüfen und Staub entfernen.',
        'Prüfen, ob die Lüfter laufen.',
        'Belüftung verbessern oder Sonnenschutz anbringen.',
      ],
    ],
    [
      'Sovratemperatura',
      "La temperatura interna dell'inverter supera il limite di protezione (SunSpec OVER_TEMP); ha ridotto la potenza o si è fermato. Cause comuni: temperatura ambiente elevata, raffreddamento insufficiente, ventola guasta.",
      [
        'Controllare dissipatore e vie d’aria per ostruzioni e rimuovere la polvere.',
        'Verificare che le ventole girino.',
        'Migliorare la ventilazione o installare una tettoia.',
      ],
    ],
  ],
  [
    8,
    'IMPORTANT',
    [
      '电网过频',
      '电网频率高于保护上限（SunSpec OVER_FREQUENCY），逆变器已降额或断开。',
      ['查看电网频率曲线，判断是否为电网扰动。', '频率恢复后逆变器自动恢复；频繁出现请联系电网公司。'],
    ],
    [
      'Grid over-frequency',
      'The grid frequency is above the upper protection limit (SunSpec OVER_FREQUENCY); the inverter derated or disconnected.',
      [
        'Check the grid frequency curve for a grid disturbance.',
        'The inverter resumes when the frequency recovers; if it happens often, contact the grid operator.',
      ],
    ],
    [
      'Netzüberfrequenz',
      'Die Netzfrequenz liegt über der oberen Schutzgrenze (SunSpec OVER_FREQUENCY); der Wechselrichter hat reduziert oder sich getrennt.',
      [
        'Frequenzverlauf auf Netzstörungen prüfen.',
        'Der Wechselrichter läuft nach Normalisierung wieder an; bei Häufung den Netzbetreiber verständigen.',
      ],
    ],
    [
      'Sovrafrequenza di rete',
      "La frequenza di rete supera il limite superiore di protezione (SunSpec OVER_FREQUENCY); l'inverter ha ridotto la potenza o si è scollegato.",
      [
        'Controllare la curva di frequenza per disturbi di rete.',
        "L'inverter riparte quando la frequenza torna normale; se accade spesso, contattare il gestore di rete.",
      ],
    ],
  ],
  [
    9,
    'IMPORTANT',
    [
      '电网欠频',
      '电网频率低于保护下限（SunSpec UNDER_FREQUENCY），逆变器已断开。',
      [
        '查看电网频率曲线，判断是否为电网扰动或发电机供电。',
        '频率恢复后逆变器自动恢复；频繁出现请联系电网公司。',
      ],
    ],
    [
      'Grid under-frequency',
      'The grid frequency is below the lower protection limit (SunSpec UNDER_FREQUENCY); the inverter disconnected.',
      [
        'Check the grid frequency curve for a disturbance or a generator supply.',
        'The inverter resumes when the frequency recovers; if it happens often, contact the grid operator.',
      ],
    ],
    [
      'Netzunterfrequenz',
      'Die Netzfrequenz liegt unter der unteren Schutzgrenze (SunSpec UNDER_FREQUENCY); der Wechselrichter hat sich getrennt.',
      [
        'Frequenzverlauf auf Netzstörungen oder Generatorbetrieb prüfen.',
        'Der Wechselrichter läuft nach Normalisierung wieder an; bei Häufung den Netzbetreiber verständigen.',
      ],
    ],
    [
      'Sottofrequenza di rete',
      "La frequenza di rete è sotto il limite inferiore di protezione (SunSpec UNDER_FREQUENCY); l'inverter si è scollegato.",
      [
        'Controllare la curva di frequenza per disturbi o alimentazione da generatore.',
        "L'inverter riparte quando la frequenza torna normale; se accade spesso, contattare il gestore di rete.",
      ],
    ],
  ],
  [
    10,
    'IMPORTANT',
    [
      '交流过压',
      '交流输出电压高于保护上限（SunSpec AC_OVER_VOLT），逆变器已断开。常见原因：电网电压偏高或交流线缆压降过大。',
      ['测量并网点电压。', '检查交流线缆截面和长度。', '电网电压长期偏高时联系电网公司。'],
    ],
    [
      'AC overvoltage',
      'The AC voltage is above the upper protection limit (SunSpec AC_OVER_VOLT); the inverter disconnected. Common causes: a high grid voltage or too much voltage rise on the AC cable.',
      [
        'Measure the voltage at the point of connection.',
        'Check the AC cable cross-section and length.',
        'If the grid voltage stays high, contact the grid operator.',
      ],
    ],
    [
      'AC-Überspannung',
      'Die AC-Spannung liegt über der oberen Schutzgrenze (SunSpec AC_OVER_VOLT); der Wechselrichter hat sich getrennt. Häufige Ursachen: hohe Netzspannung oder zu großer Spannungsanstieg auf der AC-Leitung.',
      [
        'Spannung am Netzanschlusspunkt messen.',
        'Querschnitt und Länge der AC-Leitung prüfen.',
        'Bleibt die Netzspannung hoch, den Netzbetreiber verständigen.',
      ],
    ],
    [
      'Sovratensione CA',
      "La tensione CA supera il limite superiore di protezione (SunSpec AC_OVER_VOLT); l'inverter si è scollegato. Cause comuni: tensione di rete alta o eccessivo innalzamento sul cavo CA.",
      [
        'Misurare la tensione al punto di connessione.',
        'Verificare sezione e lunghezza del cavo CA.',
        'Se la tensione di rete resta alta, contattare il gestore di rete.',
      ],
    ],
  ],
  [
    11,
    'IMPORTANT',
    [
      '交流欠压',
      '交流电压低于保护下限（SunSpec AC_UNDER_VOLT），逆变器已断开。常见原因：电网电压偏低或交流接线松动。',
      ['测量并网点电压。', '检查交流断路器和接线端子。', '电网电压长期偏低时联系电网公司。'],
    ],
    [
      'AC undervoltage',
      'The AC voltage is below the lower protection limit (SunSpec AC_UNDER_VOLT); the inverter disconnected. Common causes: a low grid voltage or loose AC wiring.',
      [
        'Measure the voltage at the point of connection.',
        'Check the AC breaker and terminals.',
        'If the grid voltage stays low, contact the grid operator.',
      ],
    ],
    [
      'AC-Unterspannung',
      'Die AC-Spannung liegt unter der unteren Schutzgrenze (SunSpec AC_UNDER_VOLT); der Wechselrichter hat sich getrennt. Häufige Ursachen: niedrige Netzspannung oder lockere AC-Verkabelung.',
      [
        'Spannung am Netzanschlusspunkt messen.',
        'AC-Schutzschalter und Klemmen prüfen.',
        'Bleibt die Netzspannung niedrig, den Netzbetreiber verständigen.',
      ],
    ],
    [
      'Sottotensione CA',
      "La tensione CA è sotto il limite inferiore di protezione (SunSpec AC_UNDER_VOLT); l'inverter si è scollegato. Cause comuni: tensione di rete bassa o cablaggio CA allentato.",
      [
        'Misurare la tensione al punto di connessione.',
        'Controllare interruttore CA e morsetti.',
        'Se la tensione di rete resta bassa, contattare il gestore di rete.',
      ],
    ],
  ],
  [
    12,
    'IMPORTANT',
    [
      '组串保险丝熔断',
      '某组串的保险丝已熔断（SunSpec BLOWN_STRING_FUSE），该组串不再发电。常见原因：组串反向电流、短路或保险丝规格错误。',
      [
        '断开直流开关后检查并更换熔断的保险丝（规格须一致）。',
        '更换前测量该组串的极性和开路电压，排除短路或接反。',
        '再次熔断时检查组件和线缆是否短路。',
      ],
    ],
    [
      'Blown string fuse',
      'A string fuse has blown (SunSpec BLOWN_STRING_FUSE); that string no longer produces. Common causes: reverse current, a short circuit or a wrongly rated fuse.',
      [
        'With the DC switch open, find and replace the blown fuse with one of the same rating.',
        'Before replacing, measure the polarity and open-circuit voltage of the string to rule out a short or reversed string.',
        'If it blows again, look for short circuits in the modules and cables.',
      ],
    ],
    [
      'Strangsicherung ausgelöst',
      'Eine Strangsicherung hat ausgelöst (SunSpec BLOWN_STRING_FUSE); dieser String erzeugt nicht mehr. Häufige Ursachen: Rückstrom, Kurzschluss oder falsch bemessene Sicherung.',
      [
        'Bei offenem DC-Schalter die ausgelöste Sicherung durch eine gleichwertige ersetzen.',
        'Vorher Polarität und Leerlaufspannung des Strings messen, um Kurzschluss oder Verpolung auszuschließen.',
        'Löst sie erneut aus, Module und Leitungen auf Kurzschlüsse prüfen.',
      ],
    ],
    [
      'Fusibile di stringa bruciato',
      'Un fusibile di stringa è bruciato (SunSpec BLOWN_STRING_FUSE); quella stringa non produce più. Cause comuni: corrente inversa, cortocircuito o fusibile di taglia errata.',
      [
        'Con il sezionatore CC aperto, sostituire il fusibile bruciato con uno di pari taglia.',
        'Prima della sostituzione, misurare polarità e tensione a vuoto della stringa per escludere cortocircuiti o inversioni.',
        'Se brucia di nuovo, cercare cortocircuiti in moduli e cavi.',
      ],
    ],
  ],
  [
    13,
    'COMMONLY',
    [
      '低温',
      '逆变器内部温度低于允许的工作温度（SunSpec UNDER_TEMP），已停机等待升温。',
      ['确认安装环境温度是否低于逆变器规格。', '温度回升后逆变器会自动启动；长期低温环境需采取保温措施。'],
    ],
    [
      'Under-temperature',
      'The inside temperature of the inverter is below its operating range (SunSpec UNDER_TEMP); it stopped until it warms up.',
      [
        'Check whether the ambient temperature is below the inverter specification.',
        'The inverter starts by itself when it warms up; in a lasting cold location, add insulation or heating.',
      ],
    ],
    [
      'Untertemperatur',
      'Die Innentemperatur des Wechselrichters liegt unter dem Betriebsbereich (SunSpec UNDER_TEMP); er wartet abgeschaltet auf Erwärmung.',
      [
        'Prüfen, ob die Umgebungstemperatur unter der Spezifikation liegt.',
        'Der Wechselrichter startet nach Erwärmung selbst; an dauerhaft kalten Orten dämmen oder beheizen.',
      ],
    ],
    [
      'Sottotemperatura',
      "La temperatura interna dell'inverter è sotto il campo di funzionamento (SunSpec UNDER_TEMP); si è fermato in attesa di scaldarsi.",
      [
        'Verificare se la temperatura ambiente è sotto la specifica dell’inverter.',
        "L'inverter riparte da solo quando si scalda; in luoghi freddi a lungo, isolare o riscaldare.",
      ],
    ],
  ],
  [
    14,
    'COMMONLY',
    [
      '存储器数据丢失',
      '逆变器内部存储器数据丢失或校验失败（SunSpec MEMORY_LOSS），设置或发电量记录可能被重置。',
      [
        '检查并重新设置并网参数和功率控制设置。',
        '核对发电量累计值。',
        '重复出现时升级固件或联系售后更换主控板。',
      ],
    ],
    [
      'Memory loss',
      'The inverter lost data in its memory or a checksum failed (SunSpec MEMORY_LOSS); settings or energy counters may have been reset.',
      [
        'Check and set again the grid-code and power-control settings.',
        'Check the lifetime energy counter.',
        'If it happens again, update the firmware or contact service to replace the control board.',
      ],
    ],
    [
      'Speicherverlust',
      'Der Wechselrichter hat Daten im Speicher verloren oder eine Prüfsumme ist fehlgeschlagen (SunSpec MEMORY_LOSS); Einstellungen oder Energiezähler können zurückgesetzt sein.',
      [
        'Netzanschluss- und Leistungsregelungs-Einstellungen prüfen und neu setzen.',
        'Gesamtenergiezähler prüfen.',
        'Bei Wiederholung Firmware aktualisieren oder den Service zum Tausch der Steuerplatine kontaktieren.',
      ],
    ],
    [
      'Perdita di memoria',
      "L'inverter ha perso dati in memoria o un checksum è fallito (SunSpec MEMORY_LOSS); impostazioni o contatori di energia potrebbero essere stati azzerati.",
      [
        'Controllare e reimpostare i parametri di connessione e di controllo della potenza.',
        "Verificare il contatore dell'energia totale.",
        "Se si ripete, aggiornare il firmware o contattare l'assistenza per sostituire la scheda di controllo.",
      ],
    ],
  ],
  [
    15,
    'URGENT',
    [
      '硬件自检失败',
      '逆变器启动自检时发现硬件故障（SunSpec HW_TEST_FAILURE），例如继电器、传感器或功率器件异常，已停止运行。',
      ['断电重启一次，观察是否仍然报错。', '记录告警时间和设备序列号，联系售后检修或更换。'],
    ],
    [
      'Hardware test failure',
      'The inverter’s self-test found a hardware fault (SunSpec HW_TEST_FAILURE), e.g. in a relay, a sensor or the power stage, and it stopped.',
      [
        'Switch it off and on once and see whether the fault returns.',
        'Note the alarm time and serial number and contact service for repair or replacement.',
      ],
    ],
    [
      'Hardware-Selbsttest fehlgeschlagen',
      'Der Selbsttest des Wechselrichters hat einen Hardwarefehler gefunden (SunSpec HW_TEST_FAILURE), z. B. an Relais, Sensor oder Leistungsteil, und er hat sich abgeschaltet.',
      [
        'Einmal aus- und wieder einschalten und prüfen, ob der Fehler wiederkehrt.',
        'Meldezeit und Seriennummer notieren und den Service zur Reparatur oder zum Tausch kontaktieren.',
      ],
    ],
    [
      'Autotest hardware fallito',
      "L'autotest dell'inverter ha trovato un guasto hardware (SunSpec HW_TEST_FAILURE), ad esempio in un relè, un sensore o lo stadio di potenza, e si è fermato.",
      [
        'Spegnere e riaccendere una volta e verificare se il guasto si ripresenta.',
        "Annotare ora dell'allarme e numero di serie e contattare l'assistenza per riparazione o sostituzione.",
      ],
    ],
  ],
];

const METER_EVT: Row[] = [
  [
    2,
    'IMPORTANT',
    [
      '电表失电',
      '电表测量端失去电压（SunSpec M_EVENT_Power_Failure），可能是停电或电表电压回路断开。',
      ['确认是否停电。', '检查电表电压采样线和保险。'],
    ],
    [
      'Meter power failure',
      'The meter lost its measuring voltage (SunSpec M_EVENT_Power_Failure): a power cut or an open voltage circuit.',
      ['Check for a power cut.', 'Check the voltage sensing wires and fuses of the meter.'],
    ],
    [
      'Zähler ohne Spannung',
      'Der Zähler hat seine Messspannung verloren (SunSpec M_EVENT_Power_Failure): Stromausfall oder offener Spannungspfad.',
      ['Prüfen, ob ein Stromausfall vorliegt.', 'Spannungsmessleitungen und Sicherungen des Zählers prüfen.'],
    ],
    [
      'Mancanza alimentazione contatore',
      'Il contatore ha perso la tensione di misura (SunSpec M_EVENT_Power_Failure): blackout o circuito voltmetrico aperto.',
      [
        "Verificare se c'è un blackout.",
        'Controllare i cavi di misura della tensione e i fusibili del contatore.',
      ],
    ],
  ],
  [
    3,
    'COMMONLY',
    [
      '电表欠压',
      '电表测得的电压低于下限（SunSpec M_EVENT_Under_Voltage）。',
      ['对比逆变器测得的电网电压，确认是否为电网问题。', '检查电表电压接线是否松动。'],
    ],
    [
      'Meter undervoltage',
      'The meter measures a voltage below its lower limit (SunSpec M_EVENT_Under_Voltage).',
      [
        'Compare with the grid voltage the inverters measure to see whether the grid is the cause.',
        'Check the meter voltage wiring for loose connections.',
      ],
    ],
    [
      'Zähler-Unterspannung',
      'Der Zähler misst eine Spannung unter seiner Untergrenze (SunSpec M_EVENT_Under_Voltage).',
      [
        'Mit der von den Wechselrichtern gemessenen Netzspannung vergleichen, um das Netz als Ursache zu erkennen.',
        'Spannungsanschlüsse des Zählers auf lose Verbindungen prüfen.',
      ],
    ],
    [
      'Sottotensione contatore',
      'Il contatore misura una tensione sotto il limite inferiore (SunSpec M_EVENT_Under_Voltage).',
      [
        'Confrontare con la tensione di rete misurata dagli inverter per capire se la causa è la rete.',
        'Controllare i collegamenti voltmetrici del contatore.',
      ],
    ],
  ],
  [
    4,
    'PROMPT',
    [
      '功率因数低',
      '电表测得的功率因数低于设定值（SunSpec M_EVENT_Low_PF），可能产生无功考核费用。',
      ['检查感性负载（电机、变压器）和无功补偿装置。', '确认电流互感器方向和相序接线正确。'],
    ],
    [
      'Low power factor',
      'The meter measures a power factor below the set limit (SunSpec M_EVENT_Low_PF), which may cause reactive-power charges.',
      [
        'Check inductive loads (motors, transformers) and the reactive-power compensation.',
        'Check the direction and phase order of the current transformers.',
      ],
    ],
    [
      'Niedriger Leistungsfaktor',
      'Der Zähler misst einen Leistungsfaktor unter dem Grenzwert (SunSpec M_EVENT_Low_PF); das kann Blindstromkosten verursachen.',
      [
        'Induktive Verbraucher (Motoren, Transformatoren) und die Blindleistungskompensation prüfen.',
        'Richtung und Phasenfolge der Stromwandler prüfen.',
      ],
    ],
    [
      'Fattore di potenza basso',
      'Il contatore misura un fattore di potenza sotto il limite impostato (SunSpec M_EVENT_Low_PF), con possibili penali per energia reattiva.',
      [
        'Controllare i carichi induttivi (motori, trasformatori) e il rifasamento.',
        'Verificare verso e sequenza delle fasi dei trasformatori di corrente.',
      ],
    ],
  ],
  [
    5,
    'IMPORTANT',
    [
      '电表过流',
      '电表测得的电流超过其量程或设定值（SunSpec M_EVENT_Over_Current）。',
      ['检查负载是否超过进线容量。', '核对电流互感器变比设置。', '必要时更换更大量程的电表或互感器。'],
    ],
    [
      'Meter overcurrent',
      'The meter measures a current above its range or set limit (SunSpec M_EVENT_Over_Current).',
      [
        'Check whether the load exceeds the capacity of the supply.',
        'Check the current-transformer ratio setting.',
        'Fit a meter or current transformers with a larger range if needed.',
      ],
    ],
    [
      'Zähler-Überstrom',
      'Der Zähler misst einen Strom über seinem Messbereich oder Grenzwert (SunSpec M_EVENT_Over_Current).',
      [
        'Prüfen, ob die Last die Anschlussleistung übersteigt.',
        'Eingestelltes Stromwandler-Übersetzungsverhältnis prüfen.',
        'Bei Bedarf Zähler oder Stromwandler mit größerem Messbereich einsetzen.',
      ],
    ],
    [
      'Sovracorrente contatore',
      'Il contatore misura una corrente oltre la portata o il limite impostato (SunSpec M_EVENT_Over_Current).',
      [
        "Verificare se il carico supera la potenza disponibile dell'allacciamento.",
        'Controllare il rapporto impostato dei trasformatori di corrente.',
        'Se necessario, installare un contatore o TA di portata maggiore.',
      ],
    ],
  ],
  [
    6,
    'COMMONLY',
    [
      '电表过压',
      '电表测得的电压高于上限（SunSpec M_EVENT_Over_Voltage）。',
      ['对比逆变器的电网过压告警。', '测量并网点电压，长期偏高时联系电网公司。'],
    ],
    [
      'Meter overvoltage',
      'The meter measures a voltage above its upper limit (SunSpec M_EVENT_Over_Voltage).',
      [
        'Compare with grid overvoltage alarms of the inverters.',
        'Measure the voltage at the point of connection; if it stays high, contact the grid operator.',
      ],
    ],
    [
      'Zähler-Überspannung',
      'Der Zähler misst eine Spannung über seiner Obergrenze (SunSpec M_EVENT_Over_Voltage).',
      [
        'Mit Netzüberspannungs-Meldungen der Wechselrichter vergleichen.',
        'Spannung am Netzanschlusspunkt messen; bleibt sie hoch, den Netzbetreiber verständigen.',
      ],
    ],
    [
      'Sovratensione contatore',
      'Il contatore misura una tensione sopra il limite superiore (SunSpec M_EVENT_Over_Voltage).',
      [
        'Confrontare con gli allarmi di sovratensione di rete degli inverter.',
        'Misurare la tensione al punto di connessione; se resta alta, contattare il gestore di rete.',
      ],
    ],
  ],
  [
    7,
    'COMMONLY',
    [
      '传感器缺失',
      '电表检测不到电流互感器或其他测量传感器（SunSpec M_EVENT_Missing_Sensor），读数不完整。',
      ['检查电流互感器是否接好、方向是否正确。', '检查互感器线缆是否断开。'],
    ],
    [
      'Missing sensor',
      'The meter detects no current transformer or other sensor (SunSpec M_EVENT_Missing_Sensor); its readings are incomplete.',
      [
        'Check that the current transformers are connected and facing the right way.',
        'Check the current-transformer cables for breaks.',
      ],
    ],
    [
      'Sensor fehlt',
      'Der Zähler erkennt keinen Stromwandler oder anderen Sensor (SunSpec M_EVENT_Missing_Sensor); seine Messwerte sind unvollständig.',
      [
        'Prüfen, ob die Stromwandler angeschlossen und richtig herum montiert sind.',
        'Stromwandlerleitungen auf Unterbrechung prüfen.',
      ],
    ],
    [
      'Sensore mancante',
      'Il contatore non rileva un trasformatore di corrente o altro sensore (SunSpec M_EVENT_Missing_Sensor); le letture sono incomplete.',
      [
        'Verificare che i TA siano collegati e montati nel verso giusto.',
        'Controllare i cavi dei TA per interruzioni.',
      ],
    ],
  ],
];

const build = (
  family: 'inverter' | 'meter',
  deviceType: 'INVERTER' | 'METER',
  rows: Row[],
): BuiltInFaultCode[] =>
  rows.map(([bit, level, cn, en, de, ita]) => ({
    code: sunspecEventCode(family, bit),
    level,
    deviceType,
    texts: texts(cn, en, de, ita),
  }));

export const SUNSPEC_INVERTER_FAULT_CODES = build('inverter', 'INVERTER', INVERTER_EVT1);
export const SUNSPEC_METER_FAULT_CODES = build('meter', 'METER', METER_EVT);
