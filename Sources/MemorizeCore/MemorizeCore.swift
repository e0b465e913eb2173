public enum MemorizeCorePlaceholder {}
