// Words the generated questions are written with. Picked log-uniformly
// (Zipf-like: the first words are the most frequent), so a search finds
// from most of the bank ("the") to a handful of questions.
export const ENGLISH = `the of which following is a in to and what for that are by with from
on as its an be this one two three when how many find value correct statement given
number true not most following each figure area plant water light energy force
cell triangle equation fraction angle circle mass speed time solution answer
root leaf stem flower seed soil rain river mountain ocean earth sun moon star
planet gravity motion friction pressure heat temperature sound wave electric
current magnet metal acid base salt oxygen carbon hydrogen nitrogen molecule atom
element compound mixture reaction digestion blood heart lung kidney brain bone
muscle nerve skin tooth food nutrition vitamin protein fat sugar starch fibre
photosynthesis respiration transpiration germination pollination evaporation
condensation precipitation erosion weathering volcano earthquake continent
country capital state city village population census democracy parliament
constitution election citizen right duty history empire king queen battle
treaty revolution colony independence freedom culture language literature poem
story novel author character noun pronoun verb adjective adverb tense sentence
paragraph grammar vocabulary synonym antonym prefix suffix spelling algebra
geometry arithmetic polynomial integer decimal percentage ratio proportion
average probability statistics graph median mode perimeter volume radius diameter
circumference hypotenuse parallel perpendicular quadrilateral polygon rectangle
square rhombus trapezium prime factor multiple divisor quotient remainder
exponent logarithm matrix vector derivative integral limit function sequence
series theorem proof axiom hypothesis experiment observation conclusion
microscope telescope lens mirror reflection refraction spectrum rainbow
chlorophyll mitochondria nucleus membrane tissue organ organism species
ecosystem habitat predator prey producer consumer decomposer biodiversity
pollution conservation recycling renewable resource fossil fuel electricity
circuit resistance voltage battery conductor insulator`
  .split(/\s+/)
  .filter(Boolean)
  .map((w) => w.normalize('NFC'));

export const HINDI = `का की के में है से को और एक यह वह क्या कौन सा सही उत्तर प्रश्न
निम्नलिखित कथन पौधा पौधों पानी प्रकाश ऊर्जा बल कोशिका त्रिभुज समीकरण भिन्न कोण
वृत्त द्रव्यमान गति समय हल जड़ पत्ती तना फूल बीज मिट्टी वर्षा नदी पर्वत महासागर
पृथ्वी सूर्य चंद्रमा तारा ग्रह गुरुत्वाकर्षण घर्षण दाब ऊष्मा तापमान ध्वनि तरंग
विद्युत धारा चुंबक धातु अम्ल क्षार लवण ऑक्सीजन कार्बन अणु परमाणु तत्व यौगिक
मिश्रण अभिक्रिया पाचन रक्त हृदय फेफड़े मस्तिष्क हड्डी भोजन पोषण विटामिन प्रोटीन
प्रकाश संश्लेषण श्वसन वाष्पोत्सर्जन अंकुरण परागण वाष्पीकरण संघनन अपरदन ज्वालामुखी
भूकंप महाद्वीप देश राजधानी राज्य शहर गाँव जनसंख्या लोकतंत्र संसद संविधान चुनाव
नागरिक अधिकार कर्तव्य इतिहास साम्राज्य राजा रानी युद्ध संधि क्रांति स्वतंत्रता
संस्कृति भाषा साहित्य कविता कहानी उपन्यास संज्ञा सर्वनाम क्रिया विशेषण वाक्य`
  .split(/\s+/)
  .filter(Boolean)
  .map((w) => w.normalize('NFC'));

/** Free tags: curriculum words first, then numbered sets (the long tail). */
export const TAGS = [
  'ncert',
  'board-exam',
  'practice',
  'revision',
  'olympiad',
  'jee',
  'neet',
  'mcq',
  'important',
  'hots',
  'algebra',
  'geometry',
  'fractions',
  'plants',
  'biology',
  'physics',
  'chemistry',
  'grammar',
  'history',
  'geography',
  'civics',
  'reading',
  'writing',
  'mental-math',
  'diagram',
  'formula',
  'units',
  'map-work',
  'experiment',
  'previous-year',
  ...Array.from({ length: 470 }, (_, i) => `set-${i + 1}`),
];
