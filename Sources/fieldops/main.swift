import FieldOpsCore
print("fieldops")
