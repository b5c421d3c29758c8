// The cloud's own alarm codes: raised by the alarm engine's rules (CLOUD_ALARM_CODES), not by a device, so
// they mean the same on every logger and device whatever its model or protocol definition. Seeded once as
// global entries (no model, no definition), which every scope falls back to (docs/alarms.md).
import { CLOUD_ALARM_CODES } from '../../api/alarms.js';
import type { AlarmLevel } from '../protocol.js';
import type { FaultCodeTexts } from '../../api/fault-codes.js';
import { texts } from './types.js';

/** A built-in entry of every device (model and definition both empty). */
export interface BuiltInGlobalFaultCode {
  code: number;
  level: AlarmLevel;
  texts: FaultCodeTexts;
}

export const CLOUD_FAULT_CODES: readonly BuiltInGlobalFaultCode[] = [
  {
    code: CLOUD_ALARM_CODES.LOGGER_OFFLINE,
    level: 'IMPORTANT',
    texts: texts(
      [
        '数据采集器离线',
        '云端在规定的上传周期数内没有收到该数据采集器的任何数据。采集器及其下挂设备的数据在此期间缺失。常见原因：采集器断电、网络或移动信号中断、路由器或SIM卡故障、采集器死机。',
        [
          '确认采集器是否通电，指示灯是否正常。',
          '检查现场网络：路由器、网线、Wi-Fi信号或SIM卡流量。',
          '重启采集器；恢复通信后它会补传缓存的数据。',
          '仍无法上线时，检查采集器的服务器地址和证书设置，或联系安装商。',
        ],
      ],
      [
        'Data logger offline',
        'The cloud has received nothing from this data logger for the set number of upload intervals, so the data of the logger and its devices is missing meanwhile. Common causes: the logger lost power, the network or mobile signal is down, a router or SIM card fault, or the logger hangs.',
        [
          'Check that the logger has power and its indicator lights look normal.',
          'Check the site network: router, cable, Wi-Fi signal or SIM card data volume.',
          'Restart the logger; once it is back it uploads the data it buffered.',
          'If it stays offline, check the logger’s server address and certificate settings, or contact the installer.',
        ],
      ],
      [
        'Datenlogger offline',
        'Die Cloud hat über die eingestellte Zahl von Sendeintervallen nichts von diesem Datenlogger empfangen; Daten des Loggers und seiner Geräte fehlen solange. Häufige Ursachen: Logger ohne Strom, Netzwerk oder Mobilfunk gestört, Router- oder SIM-Karten-Fehler, Logger hängt.',
        [
          'Prüfen, ob der Logger Strom hat und die Anzeigen normal leuchten.',
          'Netzwerk vor Ort prüfen: Router, Kabel, WLAN-Empfang oder Datenvolumen der SIM-Karte.',
          'Logger neu starten; wieder verbunden, lädt er die gepufferten Daten nach.',
          'Bleibt er offline, Serveradresse und Zertifikat im Logger prüfen oder den Installateur verständigen.',
        ],
      ],
      [
        'Datalogger offline',
        'Il cloud non ha ricevuto nulla da questo datalogger per il numero di intervalli di invio impostato; nel frattempo mancano i dati del datalogger e dei suoi dispositivi. Cause comuni: datalogger senza alimentazione, rete o segnale mobile assenti, guasto del router o della SIM, datalogger bloccato.',
        [
          'Verificare che il datalogger sia alimentato e che gli indicatori siano normali.',
          'Controllare la rete in sito: router, cavo, segnale Wi-Fi o traffico dati della SIM.',
          'Riavviare il datalogger; una volta connesso invia i dati memorizzati.',
          "Se resta offline, verificare indirizzo del server e certificato nel datalogger o contattare l'installatore.",
        ],
      ],
    ),
  },
  {
    code: CLOUD_ALARM_CODES.DEVICE_OFFLINE,
    level: 'IMPORTANT',
    texts: texts(
      [
        '设备离线',
        '数据采集器仍在上传数据，但该设备在规定的上传周期数内没有任何读数：采集器读不到它。常见原因：设备断电或停机、RS485/Modbus线缆或接头故障、通信地址或波特率被修改。',
        [
          '查看设备是否通电、屏幕或指示灯是否正常。',
          '检查采集器与设备之间的通信线缆、接头和终端电阻。',
          '核对设备的通信地址和波特率是否与采集器中的设置一致。',
          '恢复通信后告警自动清除；仍离线时联系安装商。',
        ],
      ],
      [
        'Device offline',
        'The data logger still reports, but this device has had no reading for the set number of upload intervals: the logger cannot read it. Common causes: the device is switched off or has no power, a fault in the RS485/Modbus cable or connectors, or a changed address or baud rate.',
        [
          'Check that the device has power and its display or indicator lights look normal.',
          'Check the communication cable, connectors and termination between the logger and the device.',
          'Check that the device’s address and baud rate match the logger’s settings.',
          'The alarm clears by itself once the device is read again; if it stays offline, contact the installer.',
        ],
      ],
      [
        'Gerät offline',
        'Der Datenlogger sendet weiter, doch von diesem Gerät kam über die eingestellte Zahl von Sendeintervallen kein Messwert: Der Logger kann es nicht lesen. Häufige Ursachen: Gerät aus oder ohne Strom, Fehler an RS485-/Modbus-Kabel oder Steckern, geänderte Adresse oder Baudrate.',
        [
          'Prüfen, ob das Gerät Strom hat und Anzeige oder Leuchten normal sind.',
          'Kommunikationskabel, Stecker und Abschlusswiderstand zwischen Logger und Gerät prüfen.',
          'Prüfen, ob Adresse und Baudrate des Geräts mit den Einstellungen im Logger übereinstimmen.',
          'Wird das Gerät wieder gelesen, endet die Meldung von selbst; sonst den Installateur verständigen.',
        ],
      ],
      [
        'Dispositivo offline',
        'Il datalogger continua a inviare, ma da questo dispositivo non arriva alcuna lettura per il numero di intervalli impostato: il datalogger non riesce a leggerlo. Cause comuni: dispositivo spento o senza alimentazione, guasto del cavo o dei connettori RS485/Modbus, indirizzo o baud rate modificati.',
        [
          'Verificare che il dispositivo sia alimentato e che display o indicatori siano normali.',
          'Controllare cavo di comunicazione, connettori e terminazione tra datalogger e dispositivo.',
          'Verificare che indirizzo e baud rate del dispositivo corrispondano alle impostazioni del datalogger.',
          "L'allarme si chiude da solo quando il dispositivo viene letto di nuovo; altrimenti contattare l'installatore.",
        ],
      ],
    ),
  },
  {
    code: CLOUD_ALARM_CODES.STRING_LOW,
    level: 'COMMONLY',
    texts: texts(
      [
        '组串电流偏低',
        '在辐照充足时，该逆变器某一在用组串的电流明显低于其他组串电流的中位数。常见原因：组串遮挡或脏污、组件损坏、熔丝熔断、MC4接头松动或烧蚀、组串接线错误。',
        [
          '在逆变器详情页比较各组串的电流，找出偏低的组串。',
          '现场检查该组串的组件是否有遮挡、脏污、破损或热斑。',
          '检查该组串的熔丝、直流开关和MC4接头。',
          '测量组串开路电压和电流，与同类组串比较；必要时更换故障组件。',
        ],
      ],
      [
        'String current low',
        'At sufficient irradiance, the current of one string in use on this inverter is well below the median of its peers. Common causes: shading or soiling on the string, a damaged module, a blown fuse, a loose or burnt MC4 connector, or a wiring mistake.',
        [
          'Compare the string currents on the inverter’s page to find the low string.',
          'On site, check the string’s modules for shading, soiling, damage or hot spots.',
          'Check the string’s fuse, DC switch and MC4 connectors.',
          'Measure the string’s open-circuit voltage and current and compare them with its peers; replace faulty modules.',
        ],
      ],
      [
        'Strangstrom zu niedrig',
        'Bei ausreichender Einstrahlung liegt der Strom eines genutzten Strangs dieses Wechselrichters deutlich unter dem Median der anderen Stränge. Häufige Ursachen: Verschattung oder Verschmutzung, defektes Modul, ausgelöste Sicherung, lockerer oder verschmorter MC4-Stecker, Verdrahtungsfehler.',
        [
          'Auf der Seite des Wechselrichters die Strangströme vergleichen und den schwachen Strang finden.',
          'Vor Ort die Module des Strangs auf Verschattung, Verschmutzung, Schäden oder Hotspots prüfen.',
          'Sicherung, DC-Schalter und MC4-Stecker des Strangs prüfen.',
          'Leerlaufspannung und Strom des Strangs messen und mit den anderen vergleichen; defekte Module tauschen.',
        ],
      ],
      [
        'Corrente di stringa bassa',
        'Con irraggiamento sufficiente, la corrente di una stringa in uso di questo inverter è molto inferiore alla mediana delle altre stringhe. Cause comuni: ombreggiamento o sporco, modulo danneggiato, fusibile bruciato, connettore MC4 allentato o bruciato, errore di cablaggio.',
        [
          "Confrontare le correnti di stringa nella pagina dell'inverter per trovare la stringa bassa.",
          'In sito, controllare i moduli della stringa per ombre, sporco, danni o punti caldi.',
          'Controllare fusibile, sezionatore CC e connettori MC4 della stringa.',
          'Misurare tensione a vuoto e corrente della stringa e confrontarle con le altre; sostituire i moduli guasti.',
        ],
      ],
    ),
  },
  {
    code: CLOUD_ALARM_CODES.OUTPUT_LOW,
    level: 'COMMONLY',
    texts: texts(
      [
        '发电功率偏低',
        '逆变器的输出功率明显低于按当前辐照度和额定功率预期的功率。常见原因：组件脏污或遮挡、组串故障、逆变器降额（过温、电网限功率）、额定功率或辐照传感器设置不正确。',
        [
          '查看同一电站其他逆变器是否也偏低；若都偏低，先检查辐照传感器及其安装。',
          '查看逆变器是否有降额或限功率的告警和设置。',
          '检查组串电流，找出故障或遮挡的组串。',
          '安排清洗组件，并核对设备中登记的额定功率。',
        ],
      ],
      [
        'Output below expectation',
        'The inverter’s output is well below what the current irradiance and its rated power predict. Common causes: soiled or shaded modules, a faulty string, derating (temperature, grid power limit), or a wrong rated power or irradiance sensor setup.',
        [
          'Check whether other inverters of the station are low too; if all are, check the irradiance sensor and its mounting first.',
          'Look for derating or power-limit alarms and settings on the inverter.',
          'Check the string currents to find a faulty or shaded string.',
          'Schedule module cleaning and check the rated power registered for the device.',
        ],
      ],
      [
        'Leistung unter Erwartung',
        'Die Leistung des Wechselrichters liegt deutlich unter dem, was die aktuelle Einstrahlung und seine Nennleistung erwarten lassen. Häufige Ursachen: verschmutzte oder verschattete Module, fehlerhafter Strang, Leistungsreduzierung (Temperatur, Einspeisebegrenzung), falsche Nennleistung oder falsch montierter Einstrahlungssensor.',
        [
          'Prüfen, ob andere Wechselrichter der Anlage ebenfalls zu wenig liefern; wenn ja, zuerst den Einstrahlungssensor und seine Montage prüfen.',
          'Am Wechselrichter nach Meldungen und Einstellungen zur Leistungsreduzierung sehen.',
          'Strangströme prüfen, um einen fehlerhaften oder verschatteten Strang zu finden.',
          'Modulreinigung einplanen und die beim Gerät hinterlegte Nennleistung prüfen.',
        ],
      ],
      [
        'Produzione inferiore al previsto',
        "La potenza dell'inverter è molto inferiore a quella prevista dall'irraggiamento attuale e dalla sua potenza nominale. Cause comuni: moduli sporchi o ombreggiati, stringa guasta, limitazione (temperatura, limite di immissione), potenza nominale errata o sensore di irraggiamento montato male.",
        [
          "Verificare se anche gli altri inverter dell'impianto producono poco; in tal caso controllare prima il sensore di irraggiamento e il suo montaggio.",
          "Cercare allarmi e impostazioni di limitazione della potenza sull'inverter.",
          'Controllare le correnti di stringa per trovare una stringa guasta o ombreggiata.',
          'Programmare la pulizia dei moduli e verificare la potenza nominale registrata per il dispositivo.',
        ],
      ],
    ),
  },
  {
    code: CLOUD_ALARM_CODES.BATTERY_SOC,
    level: 'COMMONLY',
    texts: texts(
      [
        '电池电量过低',
        '电池荷电状态（SOC）低于设定的下限。电池将无法在停电时供电，长期低电量还会缩短电池寿命。常见原因：放电多于充电（阴天、负载大）、充电被限制或工作模式设置不当。',
        [
          '查看电池的充放电曲线和当前工作模式。',
          '检查光伏发电和充电功率是否正常，充电是否被限制。',
          '必要时调整工作模式或放电深度，或从电网补充充电。',
          '电量长期无法恢复时，检查电池和电池管理系统（BMS）的告警。',
        ],
      ],
      [
        'Battery charge low',
        'The battery’s state of charge is below the set limit. It cannot back the site up in a power cut, and staying low shortens its life. Common causes: more discharge than charge (cloudy days, high load), limited charging, or an unsuitable work mode.',
        [
          'Check the battery’s charge and discharge curve and its current work mode.',
          'Check that PV production and charging power are normal and that charging is not limited.',
          'If needed, change the work mode or depth of discharge, or charge from the grid.',
          'If the charge does not recover, check the battery and battery management system (BMS) alarms.',
        ],
      ],
      [
        'Batterieladung niedrig',
        'Der Ladezustand der Batterie liegt unter der eingestellten Grenze. Bei Stromausfall kann sie nicht versorgen, und dauerhaft niedrige Ladung verkürzt ihre Lebensdauer. Häufige Ursachen: mehr Entladung als Ladung (trübe Tage, hohe Last), begrenzte Ladung, ungeeigneter Betriebsmodus.',
        [
          'Lade- und Entladeverlauf der Batterie und den aktuellen Betriebsmodus ansehen.',
          'Prüfen, ob PV-Erzeugung und Ladeleistung normal sind und die Ladung nicht begrenzt ist.',
          'Bei Bedarf Betriebsmodus oder Entladetiefe ändern oder aus dem Netz nachladen.',
          'Erholt sich die Ladung nicht, die Meldungen von Batterie und Batteriemanagement (BMS) prüfen.',
        ],
      ],
      [
        'Carica della batteria bassa',
        'Lo stato di carica della batteria è sotto il limite impostato. In caso di blackout non può alimentare il sito e una carica bassa prolungata ne riduce la vita. Cause comuni: più scarica che carica (giornate nuvolose, carico elevato), carica limitata, modalità di funzionamento non adatta.',
        [
          'Controllare la curva di carica e scarica della batteria e la modalità di funzionamento attuale.',
          'Verificare che produzione FV e potenza di carica siano normali e che la carica non sia limitata.',
          'Se necessario, cambiare modalità o profondità di scarica, oppure caricare dalla rete.',
          'Se la carica non si riprende, controllare gli allarmi della batteria e del BMS.',
        ],
      ],
    ),
  },
  {
    code: CLOUD_ALARM_CODES.BATTERY_TEMP,
    level: 'IMPORTANT',
    texts: texts(
      [
        '电池温度过高',
        '电池温度高于设定的上限。高温会加速电池老化，电池管理系统可能随之限制充放电功率。常见原因：通风不良、环境温度高、阳光直射、大电流充放电或电池故障。',
        [
          '查看电池温度曲线以及同时段的充放电功率。',
          '检查电池安装处的通风、散热风扇和环境温度，避免阳光直射。',
          '必要时暂时降低充放电功率。',
          '温度在正常负载下仍持续偏高时，停止使用并联系安装商检查电池。',
        ],
      ],
      [
        'Battery temperature high',
        'The battery temperature is above the set limit. Heat ages the battery faster, and its management system may limit charge and discharge power. Common causes: poor ventilation, a hot room, direct sunlight, high charge or discharge currents, or a battery fault.',
        [
          'Check the battery temperature curve and the charge and discharge power at the same time.',
          'Check ventilation, cooling fans and the room temperature where the battery is installed; keep it out of direct sunlight.',
          'If needed, lower the charge and discharge power for a while.',
          'If the temperature stays high under normal load, stop using the battery and have the installer check it.',
        ],
      ],
      [
        'Batterietemperatur zu hoch',
        'Die Batterietemperatur liegt über der eingestellten Grenze. Hitze lässt die Batterie schneller altern, und das Batteriemanagement begrenzt eventuell die Lade- und Entladeleistung. Häufige Ursachen: schlechte Belüftung, warmer Raum, direkte Sonne, hohe Lade- oder Entladeströme, Batteriefehler.',
        [
          'Temperaturverlauf der Batterie und gleichzeitige Lade- und Entladeleistung ansehen.',
          'Belüftung, Lüfter und Raumtemperatur am Aufstellort prüfen; direkte Sonne vermeiden.',
          'Bei Bedarf Lade- und Entladeleistung vorübergehend senken.',
          'Bleibt die Temperatur bei normaler Last hoch, die Batterie außer Betrieb nehmen und vom Installateur prüfen lassen.',
        ],
      ],
      [
        'Temperatura della batteria alta',
        'La temperatura della batteria supera il limite impostato. Il calore accelera l’invecchiamento e il BMS può limitare la potenza di carica e scarica. Cause comuni: ventilazione scarsa, locale caldo, sole diretto, correnti di carica o scarica elevate, guasto della batteria.',
        [
          'Controllare la curva della temperatura della batteria e la potenza di carica e scarica nello stesso periodo.',
          "Verificare ventilazione, ventole e temperatura del locale d'installazione; evitare il sole diretto.",
          'Se necessario, ridurre temporaneamente la potenza di carica e scarica.',
          "Se la temperatura resta alta con carico normale, mettere fuori servizio la batteria e farla controllare dall'installatore.",
        ],
      ],
    ),
  },
];
