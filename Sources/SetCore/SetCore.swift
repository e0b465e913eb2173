public enum SetCorePlaceholder {}
