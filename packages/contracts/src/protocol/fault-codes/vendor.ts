// Sunfleet vendor codes: the faults the built-in devices (and the simulator, apps/sim physics/faults.ts and
// string-monitor.ts) report. Texts in CN, EN, DE, ITA: description, cause, handling steps.
import { texts, type BuiltInFaultCode } from './types.js';

export const VENDOR_FAULT_CODES: readonly BuiltInFaultCode[] = [
  {
    code: 2031,
    level: 'IMPORTANT',
    deviceType: 'INVERTER',
    texts: texts(
      [
        '电网过压',
        '逆变器测得的电网电压高于并网标准允许的上限，逆变器已断开并网。常见于电网轻载、附近光伏较多或交流线缆过长过细。',
        [
          '查看告警时段的电网电压曲线，确认是否持续超限。',
          '测量并网点电压，并与当地并网标准的限值比较。',
          '检查交流线缆截面和长度，压降过大时更换更粗的线缆。',
          '若电网电压长期偏高，请联系电网公司；经批准后可调整保护定值。',
        ],
      ],
      [
        'Grid overvoltage',
        'The grid voltage measured by the inverter is above the upper limit of the grid code, so the inverter disconnected. Typical causes: a lightly loaded grid, many PV systems nearby, or a long or thin AC cable.',
        [
          'Check the grid voltage curve around the alarm to see whether the limit was exceeded persistently.',
          'Measure the voltage at the point of connection and compare it with the grid-code limit.',
          'Check the AC cable cross-section and length; replace it with a thicker cable if the voltage rise is too high.',
          'If the grid voltage stays high, contact the grid operator; adjust the protection settings only with their approval.',
        ],
      ],
      [
        'Netzüberspannung',
        'Die vom Wechselrichter gemessene Netzspannung liegt über der Obergrenze der Netzanschlussregel, daher hat er sich vom Netz getrennt. Typische Ursachen: schwach belastetes Netz, viele PV-Anlagen in der Nähe, lange oder zu dünne AC-Leitung.',
        [
          'Den Verlauf der Netzspannung um die Meldung prüfen: Wurde die Grenze dauerhaft überschritten?',
          'Die Spannung am Netzanschlusspunkt messen und mit dem Grenzwert vergleichen.',
          'Querschnitt und Länge der AC-Leitung prüfen; bei zu hohem Spannungsanstieg eine dickere Leitung verlegen.',
          'Bleibt die Netzspannung hoch, den Netzbetreiber verständigen; Schutzeinstellungen nur mit dessen Zustimmung ändern.',
        ],
      ],
      [
        'Sovratensione di rete',
        "La tensione di rete misurata dall'inverter supera il limite superiore della norma di connessione, quindi l'inverter si è scollegato. Cause tipiche: rete poco carica, molti impianti FV vicini, cavo CA lungo o sottodimensionato.",
        [
          "Controllare la curva della tensione di rete attorno all'allarme per capire se il limite è stato superato a lungo.",
          'Misurare la tensione al punto di connessione e confrontarla con il limite della norma.',
          'Verificare sezione e lunghezza del cavo CA; sostituirlo con uno di sezione maggiore se la caduta è eccessiva.',
          'Se la tensione resta alta, contattare il gestore di rete; modificare le protezioni solo con la sua approvazione.',
        ],
      ],
    ),
  },
  {
    code: 2032,
    level: 'IMPORTANT',
    deviceType: 'INVERTER',
    texts: texts(
      [
        '电网欠压',
        '电网电压低于并网标准允许的下限，逆变器已断开并网。常见于电网重载、电网故障或交流接线松动。',
        [
          '查看同一电站其他逆变器是否同时告警，判断是否为电网问题。',
          '测量并网点电压，检查交流断路器和接线端子是否松动或过热。',
          '电压恢复后逆变器会自动重新并网；若频繁出现请联系电网公司。',
        ],
      ],
      [
        'Grid undervoltage',
        'The grid voltage is below the lower limit of the grid code, so the inverter disconnected. Typical causes: a heavily loaded or faulty grid, or loose AC wiring.',
        [
          'Check whether other inverters of the station raised the same alarm at the same time (then the grid is the cause).',
          'Measure the voltage at the point of connection; check the AC breaker and terminals for looseness or overheating.',
          'The inverter reconnects by itself when the voltage recovers; if the alarm repeats often, contact the grid operator.',
        ],
      ],
      [
        'Netzunterspannung',
        'Die Netzspannung liegt unter der Untergrenze der Netzanschlussregel, daher hat sich der Wechselrichter getrennt. Typische Ursachen: stark belastetes oder gestörtes Netz, lockere AC-Verkabelung.',
        [
          'Prüfen, ob andere Wechselrichter der Anlage gleichzeitig dieselbe Meldung hatten (dann liegt es am Netz).',
          'Spannung am Netzanschlusspunkt messen; AC-Schutzschalter und Klemmen auf lose Verbindungen oder Überhitzung prüfen.',
          'Nach Rückkehr der Spannung verbindet sich der Wechselrichter selbst; bei häufigen Meldungen den Netzbetreiber verständigen.',
        ],
      ],
      [
        'Sottotensione di rete',
        "La tensione di rete è sotto il limite inferiore della norma di connessione, quindi l'inverter si è scollegato. Cause tipiche: rete molto carica o guasta, cablaggio CA allentato.",
        [
          "Verificare se altri inverter dell'impianto hanno dato lo stesso allarme nello stesso momento (in tal caso la causa è la rete).",
          'Misurare la tensione al punto di connessione; controllare interruttore CA e morsetti per allentamenti o surriscaldamento.',
          "Al ritorno della tensione l'inverter si ricollega da solo; se l'allarme si ripete spesso, contattare il gestore di rete.",
        ],
      ],
    ),
  },
  {
    code: 2033,
    level: 'IMPORTANT',
    deviceType: 'INVERTER',
    texts: texts(
      [
        '电网频率异常',
        '电网频率超出并网标准允许的范围，逆变器已断开并网。多由电网扰动、孤岛或柴油发电机供电引起。',
        [
          '查看告警时段的电网频率曲线。',
          '确认电站是否由发电机或离网系统供电，如是请检查其频率稳定性。',
          '频率恢复后逆变器会自动并网；若频繁出现请联系电网公司核实。',
        ],
      ],
      [
        'Grid frequency out of range',
        'The grid frequency is outside the range allowed by the grid code, so the inverter disconnected. Usually caused by grid disturbances, islanding or a generator supply.',
        [
          'Check the grid frequency curve around the alarm.',
          'If the site runs on a generator or an off-grid system, check the stability of its frequency.',
          'The inverter reconnects by itself when the frequency recovers; if the alarm repeats often, ask the grid operator.',
        ],
      ],
      [
        'Netzfrequenz außerhalb des Bereichs',
        'Die Netzfrequenz liegt außerhalb des von der Netzanschlussregel erlaubten Bereichs, daher hat sich der Wechselrichter getrennt. Meist durch Netzstörungen, Inselbildung oder Generatorbetrieb verursacht.',
        [
          'Den Verlauf der Netzfrequenz um die Meldung prüfen.',
          'Wird die Anlage über einen Generator oder ein Inselnetz versorgt, dessen Frequenzstabilität prüfen.',
          'Nach Rückkehr der Frequenz verbindet sich der Wechselrichter selbst; bei häufigen Meldungen beim Netzbetreiber nachfragen.',
        ],
      ],
      [
        'Frequenza di rete fuori intervallo',
        "La frequenza di rete è fuori dall'intervallo ammesso dalla norma di connessione, quindi l'inverter si è scollegato. Di solito dovuto a disturbi di rete, funzionamento in isola o alimentazione da generatore.",
        [
          "Controllare la curva della frequenza di rete attorno all'allarme.",
          "Se l'impianto è alimentato da un generatore o da un sistema in isola, verificarne la stabilità di frequenza.",
          "Al ritorno della frequenza l'inverter si ricollega da solo; se l'allarme si ripete spesso, chiedere al gestore di rete.",
        ],
      ],
    ),
  },
  {
    code: 2040,
    level: 'URGENT',
    deviceType: 'INVERTER',
    texts: texts(
      [
        '电网失电',
        '逆变器检测不到电网电压（停电、交流断路器断开或交流线缆断开）。有储能的电站会切换到离网运行，否则停止发电。',
        [
          '确认当地是否停电，以及交流断路器、并网开关是否处于闭合状态。',
          '检查交流线缆和接线端子是否断开或烧损。',
          '有储能时关注电池电量，必要时减少负载。',
          '电网恢复后确认逆变器已自动重新并网。',
        ],
      ],
      [
        'Grid lost',
        'The inverter sees no grid voltage (power cut, AC breaker open or AC cable disconnected). Sites with storage switch to backup operation, others stop producing.',
        [
          'Check for a local power cut and whether the AC breaker and the grid switch are closed.',
          'Check the AC cable and terminals for disconnection or burn marks.',
          'On sites with storage, watch the battery state of charge and reduce the load if needed.',
          'When the grid returns, check that the inverter has reconnected by itself.',
        ],
      ],
      [
        'Netzausfall',
        'Der Wechselrichter erkennt keine Netzspannung (Stromausfall, AC-Schutzschalter offen oder AC-Leitung getrennt). Anlagen mit Speicher wechseln in den Notstrombetrieb, andere stellen die Erzeugung ein.',
        [
          'Prüfen, ob ein örtlicher Stromausfall vorliegt und ob AC-Schutzschalter und Netztrennschalter geschlossen sind.',
          'AC-Leitung und Klemmen auf Unterbrechung oder Brandspuren prüfen.',
          'Bei Anlagen mit Speicher den Ladezustand beobachten und bei Bedarf Verbraucher reduzieren.',
          'Nach Netzrückkehr prüfen, ob sich der Wechselrichter selbst wieder verbunden hat.',
        ],
      ],
      [
        'Mancanza rete',
        "L'inverter non rileva tensione di rete (blackout, interruttore CA aperto o cavo CA scollegato). Gli impianti con accumulo passano al funzionamento di backup, gli altri smettono di produrre.",
        [
          "Verificare se c'è un blackout locale e se l'interruttore CA e il sezionatore di rete sono chiusi.",
          'Controllare cavo CA e morsetti per interruzioni o segni di bruciatura.',
          'Negli impianti con accumulo, controllare lo stato di carica e ridurre i carichi se necessario.',
          "Al ritorno della rete, verificare che l'inverter si sia ricollegato da solo.",
        ],
      ],
    ),
  },
  {
    code: 3001,
    level: 'URGENT',
    deviceType: 'INVERTER',
    texts: texts(
      [
        '绝缘阻抗低',
        '光伏阵列对地绝缘阻抗低于安全限值，逆变器停止并网以防触电和火灾。常见原因：组件或线缆破损、接头进水、潮湿天气。',
        [
          '注意安全：直流侧可能带电，只能由有资质的人员处理。',
          '查看告警是否只在清晨或雨后出现（潮湿引起时干燥后常会自行恢复）。',
          '逐路断开组串，用绝缘电阻测试仪测量各组串对地绝缘，找出故障组串。',
          '检查该组串的组件背板、线缆和MC4接头是否破损或进水，更换损坏部件。',
        ],
      ],
      [
        'Low insulation resistance',
        'The insulation resistance of the PV array to earth is below the safety limit, so the inverter stopped feeding in to prevent electric shock and fire. Common causes: damaged modules or cables, water in connectors, damp weather.',
        [
          'Safety first: the DC side may be live; only qualified staff may work on it.',
          'Check whether the alarm appears only in the early morning or after rain (moisture; it often clears once dry).',
          'Disconnect the strings one by one and measure each string’s insulation to earth with an insulation tester to find the faulty one.',
          'Inspect the module back sheets, cables and MC4 connectors of that string for damage or water, and replace damaged parts.',
        ],
      ],
      [
        'Isolationswiderstand zu niedrig',
        'Der Isolationswiderstand des PV-Generators gegen Erde liegt unter dem Sicherheitsgrenzwert, daher speist der Wechselrichter nicht mehr ein (Schutz vor Stromschlag und Brand). Häufige Ursachen: beschädigte Module oder Leitungen, Wasser in Steckverbindern, feuchte Witterung.',
        [
          'Sicherheit zuerst: Die DC-Seite kann unter Spannung stehen; nur Fachpersonal darf daran arbeiten.',
          'Prüfen, ob die Meldung nur morgens oder nach Regen auftritt (Feuchtigkeit; verschwindet oft nach dem Abtrocknen).',
          'Strings einzeln trennen und mit einem Isolationsmessgerät gegen Erde messen, um den fehlerhaften String zu finden.',
          'Modulrückseiten, Leitungen und MC4-Stecker dieses Strings auf Schäden oder Wasser prüfen und Beschädigtes ersetzen.',
        ],
      ],
      [
        'Resistenza di isolamento bassa',
        "La resistenza di isolamento verso terra del generatore FV è sotto il limite di sicurezza, quindi l'inverter ha smesso di immettere per evitare scosse e incendi. Cause comuni: moduli o cavi danneggiati, acqua nei connettori, clima umido.",
        [
          'Sicurezza prima di tutto: il lato CC può essere in tensione; intervenga solo personale qualificato.',
          "Verificare se l'allarme compare solo al mattino presto o dopo la pioggia (umidità; spesso sparisce una volta asciutto).",
          'Scollegare le stringhe una per volta e misurare l’isolamento verso terra con un misuratore di isolamento per trovare quella guasta.',
          'Ispezionare retro dei moduli, cavi e connettori MC4 di quella stringa per danni o acqua e sostituire le parti danneggiate.',
        ],
      ],
    ),
  },
  {
    code: 3010,
    level: 'COMMONLY',
    deviceType: 'INVERTER',
    texts: texts(
      [
        '过温降额',
        '逆变器内部温度过高，已自动降低输出功率以保护器件。常见原因：环境温度高、阳光直射、散热风道堵塞或风扇故障。',
        [
          '查看逆变器温度曲线和环境温度。',
          '清理散热片和进出风口的灰尘、树叶等杂物，保证安装间距。',
          '检查风扇是否运转（参见风扇故障告警）。',
          '必要时加装遮阳棚或改善通风。',
        ],
      ],
      [
        'Over-temperature derating',
        'The inverter is too hot inside and has reduced its output power to protect its components. Common causes: high ambient temperature, direct sunlight, blocked cooling paths or a failed fan.',
        [
          'Check the inverter temperature curve and the ambient temperature.',
          'Clean dust, leaves and debris from the heat sink and the air inlets and outlets; keep the required clearances.',
          'Check that the fans run (see the fan fault alarm).',
          'Add a sun shade or improve ventilation if needed.',
        ],
      ],
      [
        'Leistungsreduzierung wegen Übertemperatur',
        'Der Wechselrichter ist innen zu heiß und hat seine Ausgangsleistung zum Schutz der Bauteile reduziert. Häufige Ursachen: hohe Umgebungstemperatur, direkte Sonne, verstopfte Kühlwege oder defekter Lüfter.',
        [
          'Temperaturverlauf des Wechselrichters und Umgebungstemperatur prüfen.',
          'Staub, Laub und Schmutz von Kühlkörper sowie Zu- und Abluftöffnungen entfernen; Mindestabstände einhalten.',
          'Prüfen, ob die Lüfter laufen (siehe Meldung Lüfterfehler).',
          'Bei Bedarf einen Sonnenschutz anbringen oder die Belüftung verbessern.',
        ],
      ],
      [
        'Riduzione di potenza per sovratemperatura',
        "L'inverter è troppo caldo all'interno e ha ridotto la potenza in uscita per proteggere i componenti. Cause comuni: temperatura ambiente elevata, sole diretto, vie di raffreddamento ostruite o ventola guasta.",
        [
          "Controllare la curva di temperatura dell'inverter e la temperatura ambiente.",
          'Pulire dissipatore e prese d’aria da polvere, foglie e detriti; rispettare le distanze di installazione.',
          'Verificare che le ventole girino (vedi allarme guasto ventola).',
          'Se necessario, installare una tettoia o migliorare la ventilazione.',
        ],
      ],
    ),
  },
  {
    code: 3020,
    level: 'PROMPT',
    deviceType: 'INVERTER',
    texts: texts(
      [
        '风扇故障',
        '散热风扇不转或转速异常。原因可能是风扇被异物卡住、积尘、接线松动或风扇老化损坏。风扇故障会导致过温降额。',
        [
          '断电并确认安全后，检查风扇是否被异物卡住，清理灰尘。',
          '检查风扇连接线是否松动。',
          '若风扇仍不转，更换同型号风扇或联系售后。',
        ],
      ],
      [
        'Fan fault',
        'A cooling fan does not turn or runs at the wrong speed: blocked by debris, clogged with dust, a loose connector or a worn-out fan. A failed fan leads to over-temperature derating.',
        [
          'With the inverter safely switched off, check the fan for debris and clean off dust.',
          'Check the fan connector for looseness.',
          'If the fan still does not turn, replace it with the same type or contact service.',
        ],
      ],
      [
        'Lüfterfehler',
        'Ein Lüfter dreht sich nicht oder mit falscher Drehzahl: durch Fremdkörper blockiert, verstaubt, Stecker locker oder verschlissen. Ein defekter Lüfter führt zur Leistungsreduzierung wegen Übertemperatur.',
        [
          'Wechselrichter sicher abschalten, Lüfter auf Fremdkörper prüfen und Staub entfernen.',
          'Lüfterstecker auf festen Sitz prüfen.',
          'Dreht der Lüfter weiterhin nicht, durch denselben Typ ersetzen oder den Service kontaktieren.',
        ],
      ],
      [
        'Guasto ventola',
        'Una ventola di raffreddamento non gira o gira alla velocità sbagliata: bloccata da detriti, intasata di polvere, connettore allentato o usurata. Una ventola guasta porta alla riduzione di potenza per sovratemperatura.',
        [
          "Con l'inverter spento in sicurezza, controllare la ventola per detriti e rimuovere la polvere.",
          'Verificare che il connettore della ventola sia ben inserito.',
          "Se la ventola continua a non girare, sostituirla con lo stesso modello o contattare l'assistenza.",
        ],
      ],
    ),
  },
  {
    code: 4001,
    level: 'PROMPT',
    deviceType: 'INVERTER',
    texts: texts(
      [
        '组串电流偏低',
        '在光照充足时，某一路直流输入的电流持续低于同朝向其他输入中位数的85%。常见原因：局部遮挡、组件脏污、组件或二极管损坏、接头或保险丝故障。',
        [
          '在设备详情中比较各MPPT的电流，找出偏低的输入。',
          '现场检查该组串是否有遮挡（树木、建筑、积雪）或严重脏污，必要时清洗。',
          '检查组串的接头、保险丝和线缆。',
          '用I-V曲线扫描或逐块测量找出损坏的组件并更换。',
        ],
      ],
      [
        'String current low',
        'At sufficient irradiance, the current of one DC input stayed below 85 % of the median of the inputs facing the same way. Common causes: partial shading, soiling, a damaged module or bypass diode, a faulty connector or fuse.',
        [
          'Compare the MPPT currents on the device detail page to find the low input.',
          'On site, look for shading (trees, buildings, snow) or heavy soiling on that string; clean if needed.',
          'Check the connectors, fuses and cables of the string.',
          'Find damaged modules with an I-V curve scan or module-by-module measurements and replace them.',
        ],
      ],
      [
        'Strangstrom zu niedrig',
        'Bei ausreichender Einstrahlung lag der Strom eines DC-Eingangs dauerhaft unter 85 % des Medians der gleich ausgerichteten Eingänge. Häufige Ursachen: Teilverschattung, Verschmutzung, defektes Modul oder Bypassdiode, fehlerhafter Stecker oder Sicherung.',
        [
          'Auf der Geräteseite die MPPT-Ströme vergleichen und den schwachen Eingang finden.',
          'Vor Ort den String auf Verschattung (Bäume, Gebäude, Schnee) oder starke Verschmutzung prüfen; bei Bedarf reinigen.',
          'Stecker, Sicherungen und Leitungen des Strings prüfen.',
          'Defekte Module per I-U-Kennlinienmessung oder Einzelmessung finden und ersetzen.',
        ],
      ],
      [
        'Corrente di stringa bassa',
        "Con irraggiamento sufficiente, la corrente di un ingresso CC è rimasta sotto l'85 % della mediana degli ingressi con la stessa esposizione. Cause comuni: ombreggiamento parziale, sporcizia, modulo o diodo di bypass danneggiato, connettore o fusibile difettoso.",
        [
          "Confrontare le correnti MPPT nella pagina del dispositivo per trovare l'ingresso basso.",
          'Sul posto, cercare ombre (alberi, edifici, neve) o sporcizia marcata sulla stringa; pulire se necessario.',
          'Controllare connettori, fusibili e cavi della stringa.',
          'Individuare i moduli danneggiati con una scansione della curva I-V o misure modulo per modulo e sostituirli.',
        ],
      ],
    ),
  },
  {
    code: 4100,
    level: 'PROMPT',
    deviceType: 'INVERTER',
    texts: texts(
      [
        '逆变器重启',
        '逆变器重新启动（上电、固件升级、远程复位或内部看门狗复位）。本事件仅作记录。',
        [
          '无需处理；若同一天多次重启，请查看同时段的其他告警和固件版本。',
          '频繁重启且无明显原因时，请联系售后并提供事件时间。',
        ],
      ],
      [
        'Inverter restarted',
        'The inverter started again (power-up, firmware update, remote reset or an internal watchdog reset). This event is recorded for information.',
        [
          'No action needed; if it restarts several times a day, look at other alarms at the same time and at the firmware version.',
          'For frequent restarts without an obvious reason, contact service with the event times.',
        ],
      ],
      [
        'Wechselrichter neu gestartet',
        'Der Wechselrichter ist neu gestartet (Einschalten, Firmware-Update, Fernreset oder interner Watchdog-Reset). Dieses Ereignis dient nur der Information.',
        [
          'Keine Maßnahme nötig; bei mehreren Neustarts am Tag gleichzeitige Meldungen und Firmware-Version prüfen.',
          'Bei häufigen Neustarts ohne erkennbaren Grund den Service mit den Ereigniszeiten kontaktieren.',
        ],
      ],
      [
        'Inverter riavviato',
        "L'inverter si è riavviato (accensione, aggiornamento firmware, reset remoto o reset interno del watchdog). Evento registrato a titolo informativo.",
        [
          'Nessuna azione necessaria; se si riavvia più volte al giorno, controllare gli altri allarmi contemporanei e la versione firmware.',
          "In caso di riavvii frequenti senza motivo evidente, contattare l'assistenza indicando gli orari degli eventi.",
        ],
      ],
    ),
  },
  {
    code: 5001,
    level: 'IMPORTANT',
    deviceType: 'BATTERY',
    texts: texts(
      [
        '电池过温',
        '电池温度超过允许范围，电池管理系统已停止充放电以保护电芯。常见原因：环境温度高、通风不良、大电流长时间充放电。',
        [
          '查看电池温度曲线和安装环境温度。',
          '确保电池柜通风良好、远离热源和阳光直射，必要时加装空调或风扇。',
          '温度恢复正常后电池会自动恢复工作；若温度持续异常或有异味、鼓包，立即断电并联系售后。',
        ],
      ],
      [
        'Battery over-temperature',
        'The battery temperature is above the allowed range, so the battery management system stopped charging and discharging to protect the cells. Common causes: high ambient temperature, poor ventilation, long periods of high current.',
        [
          'Check the battery temperature curve and the temperature of the room.',
          'Make sure the battery cabinet is well ventilated, away from heat sources and direct sun; add cooling if needed.',
          'The battery resumes by itself once the temperature is normal; if it stays high, or there is a smell or swelling, switch it off at once and contact service.',
        ],
      ],
      [
        'Batterie-Übertemperatur',
        'Die Batterietemperatur liegt über dem zulässigen Bereich, daher hat das Batteriemanagement Laden und Entladen zum Schutz der Zellen gestoppt. Häufige Ursachen: hohe Umgebungstemperatur, schlechte Belüftung, lange hohe Ströme.',
        [
          'Temperaturverlauf der Batterie und Raumtemperatur prüfen.',
          'Für gute Belüftung des Batterieschranks sorgen, fern von Wärmequellen und direkter Sonne; bei Bedarf kühlen.',
          'Bei normaler Temperatur arbeitet die Batterie selbst weiter; bleibt sie hoch oder gibt es Geruch oder Aufblähung, sofort abschalten und den Service kontaktieren.',
        ],
      ],
      [
        'Sovratemperatura batteria',
        'La temperatura della batteria supera il campo ammesso, quindi il sistema di gestione della batteria ha fermato carica e scarica per proteggere le celle. Cause comuni: temperatura ambiente elevata, scarsa ventilazione, correnti elevate prolungate.',
        [
          'Controllare la curva di temperatura della batteria e la temperatura del locale.',
          "Assicurare una buona ventilazione dell'armadio batterie, lontano da fonti di calore e sole diretto; aggiungere raffreddamento se necessario.",
          "La batteria riprende da sola quando la temperatura torna normale; se resta alta o si notano odori o rigonfiamenti, spegnerla subito e contattare l'assistenza.",
        ],
      ],
    ),
  },
  {
    code: 5002,
    level: 'COMMONLY',
    deviceType: 'BATTERY',
    texts: texts(
      [
        'BMS通讯中断',
        '储能变流器与电池管理系统（BMS）之间的通讯中断，电池暂停充放电。常见原因：通讯线（CAN/RS485）松动或损坏、终端电阻或拨码设置错误、BMS未上电。',
        [
          '检查电池是否已开机，BMS指示灯是否正常。',
          '检查BMS与逆变器之间的通讯线及接头，确认线序正确。',
          '核对终端电阻、电池地址拨码和逆变器中的电池型号设置。',
          '通讯恢复后电池会自动恢复工作。',
        ],
      ],
      [
        'BMS communication lost',
        'The link between the storage inverter and the battery management system (BMS) is down, so the battery stopped charging and discharging. Common causes: a loose or damaged communication cable (CAN/RS485), wrong termination or DIP switches, or the BMS switched off.',
        [
          'Check that the battery is switched on and the BMS indicators are normal.',
          'Check the communication cable and connectors between BMS and inverter, including the pin order.',
          'Check the termination resistor, the battery address switches and the battery type set in the inverter.',
          'The battery resumes by itself once communication is back.',
        ],
      ],
      [
        'BMS-Kommunikation unterbrochen',
        'Die Verbindung zwischen Speicherwechselrichter und Batteriemanagementsystem (BMS) ist unterbrochen, daher lädt und entlädt die Batterie nicht. Häufige Ursachen: lockeres oder beschädigtes Kommunikationskabel (CAN/RS485), falscher Abschluss oder DIP-Schalter, BMS ausgeschaltet.',
        [
          'Prüfen, ob die Batterie eingeschaltet ist und die BMS-Anzeigen normal sind.',
          'Kommunikationskabel und Stecker zwischen BMS und Wechselrichter prüfen, auch die Pinbelegung.',
          'Abschlusswiderstand, Adressschalter der Batterie und den im Wechselrichter eingestellten Batterietyp prüfen.',
          'Nach Wiederherstellung der Kommunikation arbeitet die Batterie selbst weiter.',
        ],
      ],
      [
        'Comunicazione BMS persa',
        "Il collegamento tra l'inverter di accumulo e il sistema di gestione della batteria (BMS) è interrotto, quindi la batteria non carica né scarica. Cause comuni: cavo di comunicazione (CAN/RS485) allentato o danneggiato, terminazione o DIP switch errati, BMS spento.",
        [
          'Verificare che la batteria sia accesa e che le spie del BMS siano normali.',
          "Controllare cavo e connettori di comunicazione tra BMS e inverter, compreso l'ordine dei pin.",
          "Controllare la resistenza di terminazione, gli switch di indirizzo della batteria e il tipo di batteria impostato nell'inverter.",
          'Al ripristino della comunicazione la batteria riprende da sola.',
        ],
      ],
    ),
  },
  {
    code: 6001,
    level: 'COMMONLY',
    deviceType: 'METER',
    texts: texts(
      [
        '电表通讯中断',
        '采集器或逆变器读不到电表数据。防逆流和自发自用控制将失效，能量统计会缺失。常见原因：RS485线松动或接反、电表地址或波特率设置错误、电表断电。',
        [
          '检查电表是否通电、显示是否正常。',
          '检查RS485通讯线（A/B是否接反）和接头。',
          '核对电表通讯地址和波特率与采集器/逆变器设置一致。',
          '通讯恢复后确认能量数据已补齐。',
        ],
      ],
      [
        'Meter communication lost',
        'The logger or inverter cannot read the meter. Export limitation and self-consumption control stop working and energy figures have gaps. Common causes: a loose or swapped RS485 cable, a wrong meter address or baud rate, or the meter without power.',
        [
          'Check that the meter has power and its display works.',
          'Check the RS485 cable (A and B not swapped) and its connectors.',
          'Check that the meter address and baud rate match the logger or inverter settings.',
          'Once communication is back, check that the energy data is complete.',
        ],
      ],
      [
        'Zählerkommunikation unterbrochen',
        'Datenlogger oder Wechselrichter können den Zähler nicht lesen. Einspeisebegrenzung und Eigenverbrauchsregelung funktionieren nicht, Energiewerte haben Lücken. Häufige Ursachen: lockeres oder vertauschtes RS485-Kabel, falsche Zähleradresse oder Baudrate, Zähler ohne Spannung.',
        [
          'Prüfen, ob der Zähler Spannung hat und die Anzeige funktioniert.',
          'RS485-Kabel (A und B nicht vertauscht) und Stecker prüfen.',
          'Prüfen, ob Zähleradresse und Baudrate zu den Einstellungen von Datenlogger oder Wechselrichter passen.',
          'Nach Wiederherstellung der Kommunikation prüfen, ob die Energiedaten vollständig sind.',
        ],
      ],
      [
        'Comunicazione contatore persa',
        "Il datalogger o l'inverter non riesce a leggere il contatore. La limitazione dell'immissione e il controllo dell'autoconsumo non funzionano e i dati di energia hanno lacune. Cause comuni: cavo RS485 allentato o invertito, indirizzo o baud rate del contatore errati, contatore non alimentato.",
        [
          'Verificare che il contatore sia alimentato e che il display funzioni.',
          'Controllare il cavo RS485 (A e B non invertiti) e i connettori.',
          "Verificare che indirizzo e baud rate del contatore corrispondano alle impostazioni del datalogger o dell'inverter.",
          'Al ripristino della comunicazione, verificare che i dati di energia siano completi.',
        ],
      ],
    ),
  },
  {
    code: 7001,
    level: 'PROMPT',
    deviceType: 'WEATHER_STATION',
    texts: texts(
      [
        '辐照传感器故障',
        '辐照传感器读数异常（无读数、为零或明显不合理）。基于辐照度的发电量评估和告警将不准确。常见原因：传感器脏污、接线故障、传感器损坏。',
        [
          '比较辐照度与同时段的发电功率，确认读数是否不合理。',
          '清洁传感器表面，检查安装角度和遮挡。',
          '检查传感器线缆和接头。',
          '仍异常时校准或更换传感器。',
        ],
      ],
      [
        'Irradiance sensor fault',
        'The irradiance sensor reads nothing, zero or implausible values. Performance figures and alarms based on irradiance are unreliable meanwhile. Common causes: a dirty sensor, a wiring fault or a damaged sensor.',
        [
          'Compare the irradiance with the station power at the same time to confirm the readings are implausible.',
          'Clean the sensor surface; check its tilt and for shading.',
          'Check the sensor cable and connectors.',
          'If it is still wrong, recalibrate or replace the sensor.',
        ],
      ],
      [
        'Einstrahlungssensor gestört',
        'Der Einstrahlungssensor liefert keine, null oder unplausible Werte. Auf der Einstrahlung beruhende Leistungsbewertungen und Meldungen sind solange unzuverlässig. Häufige Ursachen: verschmutzter Sensor, Verdrahtungsfehler, defekter Sensor.',
        [
          'Einstrahlung mit der gleichzeitigen Anlagenleistung vergleichen, um unplausible Werte zu bestätigen.',
          'Sensoroberfläche reinigen; Neigung und Verschattung prüfen.',
          'Sensorkabel und Stecker prüfen.',
          'Bleibt der Fehler, den Sensor neu kalibrieren oder ersetzen.',
        ],
      ],
      [
        'Guasto sensore di irraggiamento',
        "Il sensore di irraggiamento non fornisce valori, fornisce zero o valori non plausibili. Le valutazioni di prestazione e gli allarmi basati sull'irraggiamento sono nel frattempo inaffidabili. Cause comuni: sensore sporco, guasto di cablaggio, sensore danneggiato.",
        [
          "Confrontare l'irraggiamento con la potenza dell'impianto nello stesso momento per confermare valori non plausibili.",
          'Pulire la superficie del sensore; verificarne inclinazione e ombreggiamento.',
          'Controllare cavo e connettori del sensore.',
          'Se il problema persiste, ricalibrare o sostituire il sensore.',
        ],
      ],
    ),
  },
];
