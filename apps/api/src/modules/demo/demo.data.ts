/**
 * The demo curriculum as a compact table: per grade band, its subjects and,
 * per subject, a run of chapters ("Name: topic | topic | …"). Each grade of
 * a band takes its own window of the run, so Class 3 and Class 5 differ.
 */

export type Band = 'early' | 'primary' | 'middle' | 'senior';

export const BAND_GRADES: Record<Band, string[]> = {
  early: ['Nursery', 'LKG', 'UKG'],
  primary: ['Class 1', 'Class 2', 'Class 3', 'Class 4', 'Class 5'],
  middle: ['Class 6', 'Class 7', 'Class 8', 'Class 9', 'Class 10'],
  senior: ['Class 11', 'Class 12'],
};

/** Chapters a grade gets out of its subject's run. */
export const CHAPTERS_PER_GRADE: Record<Band, number> = {
  early: 4,
  primary: 5,
  middle: 5,
  senior: 5,
};

export const CURRICULUM: Record<Band, Record<string, string[]>> = {
  early: {
    English: [
      'Letters A to M: Sounds of A to E | Sounds of F to J | Tracing K to M | Picture words',
      'Letters N to Z: Sounds of N to R | Sounds of S to V | Tracing W to Z',
      'My First Words: Three-letter words | Naming things at home | Rhyming words',
      'Rhymes and Songs: Twinkle Twinkle | Baa Baa Black Sheep | Action songs | Reciting together',
      'Listen and Speak: Greetings | Saying my name | Please and thank you',
      'Story Time: The Thirsty Crow | The Hare and the Tortoise | Retelling a story',
    ],
    Mathematics: [
      'Numbers 1 to 10: Counting objects | Writing numbers | Before and after | Matching numbers',
      'Shapes Around Us: Circle | Square | Triangle | Rectangle',
      'Big and Small: Comparing sizes | Tall and short | Heavy and light',
      'Numbers 11 to 50: Counting in tens | Number names | Missing numbers',
      'Patterns: Colour patterns | Shape patterns | Complete the pattern',
      'Simple Addition: Adding with objects | Adding on fingers | Picture sums',
    ],
    EVS: [
      'My Body: Parts of the body | Sense organs | Keeping clean',
      'My Family: Members of the family | Helping at home | Family time',
      'Animals Around Us: Pet animals | Farm animals | Wild animals | Animal sounds',
      'Fruits and Vegetables: Colours of fruits | Vegetables we eat | Healthy food',
      'Seasons: Summer | Rainy season | Winter',
      'Good Habits: Brushing teeth | Washing hands | Sharing with friends',
    ],
    Hindi: [
      'Swar (स्वर): अ से अः | स्वर पहचान | स्वर लेखन',
      'Vyanjan (व्यंजन): क से ङ | च से ञ | ट से ण | त से न',
      'Do Akshar Ke Shabd: दो अक्षर के शब्द | चित्र देखो शब्द बोलो | शब्द लेखन',
      'Baal Geet: मछली जल की रानी | चंदा मामा | कविता पाठ',
      'Ginti (गिनती): एक से दस | ग्यारह से बीस | गिनती लेखन',
      'Rang aur Aakar: रंगों के नाम | आकार पहचान | मिलान करो',
    ],
  },
  primary: {
    English: [
      'Nouns: Naming words | Common and proper nouns | Singular and plural | Gender',
      'Pronouns: Personal pronouns | Using he, she, it | Possessive pronouns',
      'Verbs: Action words | Present tense | Past tense | Helping verbs',
      'Adjectives: Describing words | Degrees of comparison | Using adjectives in sentences',
      'Reading Comprehension: Reading for meaning | Finding the main idea | Answering questions',
      'The Sentence: Subject and predicate | Kinds of sentences | Punctuation marks',
      'Letter Writing: Informal letters | Writing an invitation | Addressing an envelope',
      'Stories and Poems: The Little Red Hen | The Magic Pot | Poem recitation | Character sketch',
      'Prepositions and Conjunctions: In, on, under | And, but, or | Joining sentences',
    ],
    Mathematics: [
      'Numbers up to 1000: Place value | Expanded form | Comparing numbers | Ordering numbers',
      'Addition: Adding without carrying | Adding with carrying | Word problems',
      'Subtraction: Subtracting without borrowing | Subtracting with borrowing | Checking by addition',
      'Multiplication: Repeated addition | Tables 2 to 10 | Multiplying 2-digit numbers | Word problems',
      'Division: Equal sharing | Division as repeated subtraction | Remainders',
      'Fractions: Half and quarter | Parts of a whole | Comparing fractions | Equivalent fractions',
      'Measurement: Length in metres and centimetres | Weight in kilograms | Capacity in litres',
      'Time and Money: Reading the clock | Calendar | Indian currency | Making change',
      'Geometry: Lines and curves | Angles | Perimeter | Symmetry',
    ],
    EVS: [
      'Plants Around Us: Parts of a plant | Leaves | Flowers and fruits | How plants grow',
      'Animals and Their Homes: Land animals | Water animals | Birds and nests',
      'Food We Eat: Sources of food | Balanced diet | Cooking and eating habits',
      'Water: Sources of water | Uses of water | Saving water | Clean drinking water',
      'Our Neighbourhood: Community helpers | Places in the neighbourhood | Road safety',
      'Air and Weather: Air around us | Wind | Weather and seasons',
      'Transport and Communication: Means of transport | Post and telephone | Traffic rules',
      'Our Earth: Land and water | Directions | Maps | The Sun and the Moon',
      'Clothes We Wear: Clothes for seasons | Fibres | Caring for clothes',
    ],
    Hindi: [
      'Sangya (संज्ञा): व्यक्तिवाचक संज्ञा | जातिवाचक संज्ञा | भाववाचक संज्ञा',
      'Sarvanaam (सर्वनाम): पुरुषवाचक सर्वनाम | निजवाचक सर्वनाम | वाक्य में प्रयोग',
      'Kriya (क्रिया): सकर्मक क्रिया | अकर्मक क्रिया | काल',
      'Vachan aur Ling: एकवचन और बहुवचन | पुल्लिंग और स्त्रीलिंग | शब्द बदलो',
      'Kahani: प्यासा कौआ | चतुर खरगोश | कहानी से सीख',
      'Kavita: उठो लाल अब आँखें खोलो | फूल और काँटा | कविता पाठ',
      'Patra Lekhan: अनौपचारिक पत्र | छुट्टी के लिए प्रार्थना पत्र | पत्र का प्रारूप',
      'Muhavare: मुहावरों के अर्थ | वाक्य प्रयोग | लोकोक्तियाँ',
      'Anuchchhed Lekhan: मेरा विद्यालय | मेरा प्रिय त्योहार | गाय',
    ],
    'Computer Science': [
      'Computer – A Machine: What a computer does | Uses of computers | Computer and humans',
      'Parts of a Computer: Monitor | Keyboard | Mouse | CPU | Speakers',
      'Using the Mouse and Keyboard: Click and double-click | Drag and drop | Typing keys',
      'Paint: Drawing tools | Fill colour | Shapes | Saving a drawing',
      'Word Processing: Typing a document | Bold, italic, underline | Saving and opening files',
      'Internet Basics: What is the internet | Web browser | Staying safe online',
      'Storage Devices: Hard disk | Pen drive | Memory units',
      'Introduction to Scratch: Sprites | Motion blocks | Looks and sounds | Simple animation',
    ],
  },
  middle: {
    English: [
      'Reading Prose: Understanding the plot | Characters and setting | Theme',
      'Poetry: Rhyme and rhythm | Figures of speech | Central idea | Poet and context',
      'Tenses: Simple tenses | Continuous tenses | Perfect tenses | Sequence of tenses',
      'Active and Passive Voice: Rules of change | Passive with modals | Practice sentences',
      'Direct and Indirect Speech: Reporting statements | Reporting questions | Reporting commands',
      'Formal Writing: Formal letters | Notice writing | Email writing | Report writing',
      'Clauses: Noun clauses | Adjective clauses | Adverb clauses',
      'Comprehension: Unseen passages | Note making | Summarising',
      'Drama: Reading a play | Dialogue and stage directions | Role play',
      'Modals and Determiners: Can, could, may, might | Must and should | Articles and quantifiers',
    ],
    Mathematics: [
      'Integers: Number line | Addition and subtraction of integers | Multiplication and division | Properties',
      'Fractions and Decimals: Operations on fractions | Decimal numbers | Converting fractions',
      'Algebraic Expressions: Terms and coefficients | Like and unlike terms | Addition and subtraction | Identities',
      'Linear Equations in One Variable: Solving equations | Transposition | Word problems',
      'Ratio and Proportion: Ratio | Proportion | Unitary method | Percentage',
      'Lines and Angles: Pairs of angles | Parallel lines and transversal | Angle sum property',
      'Triangles: Properties of triangles | Congruence | Pythagoras theorem | Similar triangles',
      'Mensuration: Area of plane figures | Surface area | Volume of cube and cuboid | Cylinder',
      'Data Handling: Collecting data | Bar graphs | Mean, median and mode | Probability',
      'Polynomials: Degree of a polynomial | Zeroes | Factorisation | Division algorithm',
      'Coordinate Geometry: Cartesian plane | Plotting points | Distance formula | Section formula',
      'Quadratic Equations: Standard form | Factorisation method | Quadratic formula | Nature of roots',
    ],
    Science: [
      'Food and Nutrition: Components of food | Nutrition in plants | Nutrition in animals | Deficiency diseases',
      'Materials: Sorting materials | Metals and non-metals | Physical and chemical changes',
      'Motion and Time: Types of motion | Speed | Distance-time graphs',
      'Light: Reflection | Plane mirrors | Spherical mirrors | Refraction',
      'Electricity and Circuits: Electric cell | Circuits | Conductors and insulators | Heating effect',
      'The Cell: Cell structure | Plant and animal cells | Cell organelles',
      'Force and Pressure: Push and pull | Contact forces | Pressure in fluids | Atmospheric pressure',
      'Sound: Vibration | Propagation of sound | Loudness and pitch | Noise pollution',
      'Atoms and Molecules: Laws of chemical combination | Atoms | Molecules | Mole concept',
      'Chemical Reactions and Equations: Types of reactions | Balancing equations | Oxidation and reduction',
      'Life Processes: Nutrition | Respiration | Transportation | Excretion',
      'Acids, Bases and Salts: Indicators | Properties of acids | Properties of bases | pH scale',
    ],
    'Social Studies': [
      'The Earth in the Solar System: The Sun and planets | The Moon | Latitudes and longitudes',
      'Early Civilisations: The Harappan civilisation | Vedic period | Early kingdoms',
      'Our Constitution: Making of the Constitution | Preamble | Fundamental rights | Fundamental duties',
      'Resources: Natural resources | Human resources | Conservation of resources',
      'The Mughal Empire: Babur and Akbar | Mughal administration | Art and architecture',
      'Local Government: Panchayati Raj | Municipal corporation | District administration',
      'Agriculture: Types of farming | Major crops | Green revolution',
      'The Indian National Movement: The revolt of 1857 | Gandhian era | Quit India movement | Independence and partition',
      'Democracy and Elections: What is democracy | Electoral process | Political parties',
      'Climate and Natural Vegetation: Factors affecting climate | Monsoon | Forests of India',
    ],
    Hindi: [
      'Gadya (गद्य): पाठ का सारांश | लेखक परिचय | प्रश्न-उत्तर',
      'Padya (पद्य): कविता का भावार्थ | काव्य सौंदर्य | कवि परिचय',
      'Sandhi (संधि): स्वर संधि | व्यंजन संधि | विसर्ग संधि',
      'Samas (समास): तत्पुरुष समास | द्वंद्व समास | बहुव्रीहि समास | अव्ययीभाव समास',
      'Alankar (अलंकार): अनुप्रास | यमक | उपमा | रूपक',
      'Vakya Rachna: सरल वाक्य | संयुक्त वाक्य | मिश्र वाक्य',
      'Nibandh Lekhan: पर्यावरण प्रदूषण | डिजिटल भारत | विज्ञान के चमत्कार',
      'Patra Lekhan: औपचारिक पत्र | संपादक को पत्र | शिकायती पत्र',
      'Muhavare aur Lokoktiyan: मुहावरों के अर्थ | लोकोक्तियाँ | वाक्य प्रयोग',
    ],
    'Computer Science': [
      'Number Systems: Binary numbers | Octal and hexadecimal | Conversions',
      'Spreadsheets: Cells and ranges | Formulas | Functions | Charts',
      'Presentations: Slides and layouts | Transitions | Animations',
      'HTML Basics: Tags and elements | Headings and paragraphs | Links and images | Tables',
      'Programming in Python: Variables | Input and output | Conditionals | Loops',
      'Cyber Safety: Passwords | Phishing | Digital footprint | Netiquette',
      'Databases: Tables and records | Queries | Forms and reports',
      'Artificial Intelligence: What is AI | Machine learning | AI in daily life',
    ],
  },
  senior: {
    English: [
      "Prose: The Portrait of a Lady | We're Not Afraid to Die | Discovering Tut",
      'Poetry: A Photograph | The Voice of the Rain | Childhood | Father to Son',
      "Supplementary Reader: The Summer of the Beautiful White Horse | The Address | Mother's Day",
      'Writing Skills: Notice | Advertisement | Letter to the editor | Speech',
      'Reading Skills: Note making | Summary | Comprehension passages',
      'Grammar: Determiners | Tenses | Modals | Clauses',
    ],
    Mathematics: [
      'Sets: Types of sets | Venn diagrams | Operations on sets',
      'Relations and Functions: Cartesian product | Relations | Functions | Types of functions',
      'Trigonometric Functions: Angles and radians | Trigonometric ratios | Identities | Graphs',
      'Limits and Derivatives: Limits | Derivatives | Rules of differentiation',
      'Matrices: Types of matrices | Operations | Transpose | Inverse',
      'Integrals: Indefinite integrals | Integration by substitution | Definite integrals | Area under curves',
      'Probability: Conditional probability | Bayes theorem | Random variables',
    ],
    Physics: [
      'Units and Measurements: SI units | Significant figures | Dimensional analysis',
      'Motion in a Straight Line: Position and displacement | Velocity | Acceleration | Equations of motion',
      "Laws of Motion: Newton's first law | Newton's second law | Newton's third law | Friction",
      'Work, Energy and Power: Work done | Kinetic energy | Potential energy | Power',
      "Electric Charges and Fields: Coulomb's law | Electric field | Gauss's law",
      "Current Electricity: Ohm's law | Resistivity | Kirchhoff's laws | Wheatstone bridge",
      'Ray Optics: Reflection | Refraction | Lenses | Optical instruments',
    ],
    Chemistry: [
      'Some Basic Concepts of Chemistry: Matter | Mole concept | Stoichiometry',
      'Structure of Atom: Atomic models | Quantum numbers | Electronic configuration',
      'Chemical Bonding: Ionic bond | Covalent bond | VSEPR theory | Hybridisation',
      'Thermodynamics: System and surroundings | First law | Enthalpy | Entropy',
      "Solutions: Concentration | Raoult's law | Colligative properties",
      'Electrochemistry: Electrochemical cells | Nernst equation | Conductance',
      'Organic Chemistry Basics: IUPAC nomenclature | Isomerism | Reaction mechanisms',
    ],
    Biology: [
      'The Living World: Diversity | Taxonomy | Binomial nomenclature',
      'Cell: The Unit of Life: Cell theory | Prokaryotic cells | Eukaryotic cells | Cell organelles',
      'Plant Physiology: Photosynthesis | Respiration in plants | Plant growth',
      'Human Physiology: Digestion | Breathing | Circulation | Excretion',
      'Reproduction: Sexual reproduction in plants | Human reproduction | Reproductive health',
      "Genetics: Mendel's laws | Chromosomal theory | Molecular basis of inheritance",
      'Ecology: Organisms and populations | Ecosystem | Biodiversity and conservation',
    ],
    'Computer Science': [
      'Computer Systems: Hardware and software | Memory | Boolean logic',
      'Python Fundamentals: Data types | Operators | Strings | Lists',
      'Functions and Modules: Defining functions | Scope | Standard library',
      'File Handling: Text files | Binary files | CSV files',
      'Data Structures: Stack | Queue | Searching and sorting',
      'Database Concepts and SQL: Relational model | SELECT queries | Joins | Aggregates',
      'Computer Networks: Network types | Topologies | Protocols | Network security',
    ],
    Economics: [
      'Introduction to Economics: Central problems | Production possibility curve | Micro and macro',
      'Consumer Equilibrium: Utility | Indifference curves | Budget line',
      'Demand and Supply: Law of demand | Elasticity | Law of supply | Market equilibrium',
      'National Income: Concepts | Methods of measurement | Real and nominal GDP',
      'Money and Banking: Functions of money | Commercial banks | Central bank',
      'Indian Economy: Economy on the eve of independence | Liberalisation | Poverty and employment',
    ],
  },
};

export interface ChapterSpec {
  name: string;
  topics: string[];
}

export function parseChapter(line: string): ChapterSpec {
  const at = line.lastIndexOf(': ');
  return {
    name: line.slice(0, at),
    topics: line
      .slice(at + 2)
      .split('|')
      .map((t) => t.trim()),
  };
}

/** The curriculum of every grade: subjects in order, each with its window of chapters. */
export function demoCurriculum(): {
  grade: string;
  subjects: { name: string; chapters: ChapterSpec[] }[];
}[] {
  return (Object.keys(BAND_GRADES) as Band[]).flatMap((band) =>
    BAND_GRADES[band].map((grade, g) => ({
      grade,
      subjects: Object.entries(CURRICULUM[band]).map(([name, lines]) => {
        const size = Math.min(CHAPTERS_PER_GRADE[band], lines.length);
        const steps = BAND_GRADES[band].length - 1;
        const start = steps === 0 ? 0 : Math.round((g * (lines.length - size)) / steps);
        return { name, chapters: lines.slice(start, start + size).map(parseChapter) };
      }),
    })),
  );
}

export const SERIES = [
  'Bright Minds',
  'New Horizons',
  'Gyan Sagar',
  'Little Explorers',
  'Step Ahead',
  'Pathways',
  'Milestones',
];

export const EDITIONS = [
  '2024 Edition',
  'Revised 2025',
  '3rd Edition',
  '2023 Edition',
  'CBSE 2025',
];

/** The committed clips, by file name without extension (videos: .webm + .webp thumbnail; audios: .ogg). */
export type DemoClip =
  | 'pattern'
  | 'fractal'
  | 'bars'
  | 'gradient'
  | 'twinkle'
  | 'arpeggio'
  | 'counting';

/**
 * Media items: [kind, clip, title, grade, subject, language]. Every item is an
 * uploaded copy of one of the short clips in `apps/api/demo-media` (made by
 * its `make-media.sh`), so each one plays; the clips are generic pictures and
 * tunes, not the lessons the titles name.
 */
export const MEDIA: ['video' | 'audio', DemoClip, string, string, string, string][] = [
  ['video', 'pattern', 'Counting 1 to 10 with Toys', 'LKG', 'Mathematics', 'English'],
  ['video', 'fractal', 'Parts of a Plant', 'Class 3', 'EVS', 'English'],
  ['video', 'bars', 'Place Value Made Easy', 'Class 4', 'Mathematics', 'English'],
  ['video', 'gradient', 'How Light Reflects', 'Class 8', 'Science', 'English'],
  ['video', 'pattern', 'Python Loops in Five Minutes', 'Class 9', 'Computer Science', 'English'],
  ['video', 'fractal', 'स्वर पहचान', 'Nursery', 'Hindi', 'Hindi'],
  ['video', 'bars', "Newton's Laws Explained", 'Class 11', 'Physics', 'English'],
  ['video', 'gradient', 'The Harappan Civilisation Tour', 'Class 6', 'Social Studies', 'English'],
  ['video', 'pattern', 'Solving Linear Equations', 'Class 8', 'Mathematics', 'English'],
  ['video', 'fractal', 'Photosynthesis Step by Step', 'Class 11', 'Biology', 'English'],
  ['video', 'bars', 'Our Constitution: The Preamble', 'Class 7', 'Social Studies', 'Hindi'],
  ['video', 'gradient', 'Introduction to Scratch', 'Class 5', 'Computer Science', 'English'],
  ['audio', 'twinkle', 'Twinkle Twinkle Little Star', 'Nursery', 'English', 'English'],
  ['audio', 'arpeggio', 'मछली जल की रानी', 'LKG', 'Hindi', 'Hindi'],
  ['audio', 'counting', 'Tables of 2 to 5', 'Class 2', 'Mathematics', 'English'],
  ['audio', 'twinkle', 'Pronunciation: Naming Words', 'Class 1', 'English', 'English'],
  ['audio', 'arpeggio', 'A Photograph – Poem Reading', 'Class 11', 'English', 'English'],
  ['audio', 'counting', 'कविता पाठ: फूल और काँटा', 'Class 4', 'Hindi', 'Hindi'],
  ['audio', 'twinkle', 'The Thirsty Crow – Story', 'UKG', 'English', 'English'],
  ['audio', 'arpeggio', 'Demand and Supply – Podcast', 'Class 12', 'Economics', 'English'],
];
