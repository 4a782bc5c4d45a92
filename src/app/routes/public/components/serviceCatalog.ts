import {
  AirVent,
  ArrowUpDown,
  CarBattery,
  CircleDot,
  Cog,
  Crosshair,
  Disc,
  Droplet,
  Droplets,
  Engine,
  Fuel,
  Gauge,
  Leaf,
  LifeBuoy,
  type LucideIcon,
  RotateCw,
  ScanSearch,
  ShieldCheck,
  ThermometerSnowflake,
  Wind,
  Zap,
} from 'lucide-react';

export interface ServiceItem {
  name: string;
  /** One line shown under the name. */
  description: string;
  icon: LucideIcon;
}

export interface ServiceCategory {
  /** Stable id (used for the tab ids). */
  id: string;
  /** Tab label, exactly as in the spec. */
  label: string;
  services: readonly ServiceItem[];
}

/** The landing page's services browser (spec §2 "Landing page"): four tabs, cards in this order. */
export const serviceCatalog: readonly ServiceCategory[] = [
  {
    id: 'autofix',
    label: 'Autofix Services',
    services: [
      { name: 'Brake Repair', description: 'Pads, rotors and calipers restored for confident, quiet stops.', icon: Disc },
      { name: 'Engine Repair', description: 'From misfires to timing belts, fixed by certified engine techs.', icon: Engine },
      { name: 'Tire Repair', description: 'Puncture plugs, patches and valve replacements while you wait.', icon: CircleDot },
      { name: 'AC Repair', description: 'Leak checks, recharges and compressor fixes for a cool cabin.', icon: AirVent },
    ],
  },
  {
    id: 'maintenance',
    label: 'Maintenance',
    services: [
      { name: 'Oil Change', description: 'Fresh oil and filter matched to your manufacturer’s spec.', icon: Droplet },
      { name: 'Battery Service', description: 'Load testing, terminal cleaning and same-day replacement.', icon: CarBattery },
      { name: 'Wheel Alignment', description: 'Computerised alignment for straight tracking and even tire wear.', icon: Crosshair },
      { name: 'Fluid Top-Up', description: 'Coolant, brake, power-steering and washer fluids checked and filled.', icon: Droplets },
      { name: 'Tire Rotation', description: 'Rotation and balancing to extend tread life and smooth the ride.', icon: RotateCw },
    ],
  },
  {
    id: 'repair',
    label: 'Repair',
    services: [
      { name: 'Transmission', description: 'Fluid service, clutch work and gearbox repairs, manual or automatic.', icon: Cog },
      { name: 'Suspension', description: 'Shocks, struts and bushings replaced for a controlled, comfortable ride.', icon: ArrowUpDown },
      { name: 'Electrical', description: 'Wiring, alternators, starters and lighting traced and repaired.', icon: Zap },
      { name: 'Exhaust System', description: 'Mufflers, pipes and catalytic converters fixed to cut noise and fumes.', icon: Wind },
      { name: 'Cooling System', description: 'Radiator, thermostat and water-pump repairs to prevent overheating.', icon: ThermometerSnowflake },
      { name: 'Fuel System', description: 'Injector cleaning, pump and filter replacement for efficient burn.', icon: Fuel },
      { name: 'Steering System', description: 'Racks, pumps and tie rods serviced for precise, easy steering.', icon: LifeBuoy },
    ],
  },
  {
    id: 'diagnostics',
    label: 'Diagnostics',
    services: [
      { name: 'Check Engine', description: 'Warning light on? We read the codes and explain the fix.', icon: Gauge },
      { name: 'Emissions', description: 'Emissions testing and repairs to keep you road-legal and clean.', icon: Leaf },
      { name: 'Advanced Diagnostics', description: 'Dealer-level scan tools for intermittent and hard-to-find faults.', icon: ScanSearch },
      { name: 'ABS & Airbag Systems', description: 'Safety-system fault finding, sensor checks and module resets.', icon: ShieldCheck },
    ],
  },
];
