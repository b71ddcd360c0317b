// The ten module titles of spec.md §2, quoted from the spec, for the tests that hold the seeded
// course and the visitor pages to them (never read from the code under test).
export const SPEC_MODULE_TITLES = [
  'Beyond Newton',
  'The Observer Is The Operator',
  'The Science of Resonance & Frequency',
  "Superposition: The Power of 'And'",
  'Collapsing the Wave',
  'Entanglement, Synchronicity, and the Relational Field',
  'Individuation & The Integration of Shadow',
  'Crafting Timelines',
  'The Quantum Body',
  'Living in Sovereignty: Embodiment and Service',
];
